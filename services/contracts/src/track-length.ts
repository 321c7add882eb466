/** Kilometres in one statute mile. */
const KM_PER_MILE = 1.609344;

/** Units a track length may be written in, with their length in km. */
const UNITS: readonly { pattern: RegExp; km: number }[] = [
  { pattern: /^(km|kms|kilometers?|kilometres?)$/, km: 1 },
  { pattern: /^(mi|mile|miles)$/, km: KM_PER_MILE },
  { pattern: /^(m|meters?|metres?)$/, km: 0.001 },
];

/**
 * Reads a race event's free-text track length as kilometres: '1.929 km', '3.2km', '2.43 mi',
 * '2.238 miles', '3,602 m', '4574 m' (a comma between digit groups of three is a thousands
 * separator; otherwise a decimal comma, '3,2 km'). Case and surrounding spaces are ignored.
 * Answers the length in km (not rounded), or null when the text is empty, has no unit, names
 * another unit, or is not a positive number.
 */
export function parseTrackLengthKm(text: string): number | null {
  const match = /^(\d[\d,.]*)\s*([a-z]+)\.?$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  const [, digits, unitText] = match as unknown as [string, string, string];
  const unit = UNITS.find((u) => u.pattern.test(unitText));
  if (!unit) return null;
  const numberText = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits) ? digits.replaceAll(',', '') : digits.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(numberText)) return null;
  const value = Number(numberText);
  return value > 0 ? value * unit.km : null;
}
