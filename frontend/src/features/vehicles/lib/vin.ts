/*
 * The VIN rules Gavel applies (gavel/vehicles/vin.py), checked as the VIN is typed so that the server is asked
 * only about VINs that can be right: 17 letters and digits without I, O or Q; North American VINs (first
 * character 1 to 5) carry a check digit in the 9th place.
 */

const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const NORTH_AMERICA = /^[1-5]/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];

/** A character's value in the check-digit sum: digits as themselves, letters transliterated. */
function charValue(char: string): number {
  return /\d/.test(char) ? Number(char) : (LETTER_VALUES[LETTERS.indexOf(char)] ?? 0);
}

export type VinProblem = 'length' | 'characters' | 'checkDigit';

/** Upper case, no spaces: the VIN as Gavel stores it. */
export function normalizeVin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The check digit (0-9 or X) a 17-character VIN should carry in its 9th place. */
export function checkDigit(vin: string): string {
  const total = [...vin].reduce((sum, char, index) => sum + charValue(char) * (WEIGHTS[index] ?? 0), 0);
  const rest = total % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** What is wrong with a VIN, or undefined when it can be right. */
export function vinProblem(value: string): VinProblem | undefined {
  const vin = normalizeVin(value);
  if (vin.length !== 17) return 'length';
  if (!VIN_PATTERN.test(vin)) return 'characters';
  if (NORTH_AMERICA.test(vin) && vin[8] !== checkDigit(vin)) return 'checkDigit';
  return undefined;
}
