/**
 * GS1 check digit (GTIN-8, UPC-A/GTIN-12, EAN-13, GTIN-14): from the right, the digits before
 * the check digit weigh 3, 1, 3 ...; the check digit brings the sum to a multiple of 10.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
