/** A LIKE / ILIKE pattern that finds `text` anywhere, its own %, _ and backslash taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
