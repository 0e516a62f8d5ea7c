/** An Australian Business Number is 11 digits with a checksum (weights of the ATO's algorithm). */
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]

export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s+/g, '')
  if (!/^\d{11}$/.test(digits)) return false
  const sum = [...digits].reduce((total, char, index) => {
    const digit = Number(char) - (index === 0 ? 1 : 0)
    return total + digit * WEIGHTS[index]!
  }, 0)
  return sum % 89 === 0
}

/** An ABN as the tax office prints it, in groups of 2, 3, 3 and 3 digits (as typed when it is not 11 digits). */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s+/g, '')
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn
}
