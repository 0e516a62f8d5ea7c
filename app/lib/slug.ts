/**
 * The FBUID of a product comes from its name (docs/domain.md, Product ids): trim, lower-case, each run of
 * characters outside a–z0–9 becomes one hyphen, leading and trailing hyphens are stripped.
 * Accented letters are folded to their base letter first so "Caméra" gives "camera", not "cam-ra".
 */
export function slugify(name: string): string {
  return name
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
