/**
 * Reads a track length as people type it into a race event's free-text 'Track length' field and
 * answers it in kilometres: '1.929 km', '3.2km', '2.43 mi', '2.238 miles', '3,602 m', '4574 m',
 * '3,2 km'. The first number followed by a unit counts; text around it ('Laguna Seca, 3.602 km')
 * is ignored. A comma followed by exactly three digits is a thousands separator ('3,602 m'), any
 * other comma a decimal comma ('3,2 km'). Units: km / kilometre(s) / kilometer(s), m / metre(s) /
 * meter(s), mi / mile(s); case is ignored.
 *
 * Answers null when the text has no number with one of those units (a bare '1.929' could be km or
 * miles, so it is not guessed) or when the length is not above zero.
 */
export function parseTrackLengthKm(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)*)\s*(kilomet(?:re|er)s?|km|met(?:re|er)s?|m|miles?|mi)\b/i.exec(text);
  if (!match) return null;
  const [, numberText, unitText] = match as unknown as [string, string, string];
  const value = Number(/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(numberText) ? numberText.replaceAll(',', '') : numberText.replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = unitText.toLowerCase();
  if (unit.startsWith('mi')) return value * 1.609344;
  if (unit === 'km' || unit.startsWith('kilo')) return value;
  return value / 1000;
}

/** Kilometres in one statute mile. */
const KM_PER_MILE = 1.609344;

/** A distance the API gives in km, in the team's unit with one decimal: '80.0 km', '49.7 mi'. */
export const formatDistance = (km: number, unit: 'km' | 'mi') => (unit === 'mi' ? `${(km / KM_PER_MILE).toFixed(1)} mi` : `${km.toFixed(1)} km`);
