/**
 * A minimal RFC 4180 CSV encoder. Pure: no I/O, no locale.
 *
 * - Fields are separated by commas and records by CRLF (RFC 4180 §2.1–2.2); a CRLF also ends the
 *   last record so spreadsheet imports see a complete line.
 * - A field is quoted when it holds a comma, a double quote, a CR or an LF, or starts or ends with a
 *   space; inner double quotes are doubled (RFC 4180 §2.6–2.7).
 * - null and undefined encode as an empty field; numbers and booleans as their `String()`.
 * - A field starting with '=', '+', '-' or '@' is left as is: setup values such as '-2.5°' must
 *   survive the round trip, so spreadsheet formula guarding is the importer's concern.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** One field, quoted when needed. */
export function encodeCsvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as CSV text (CRLF line ends, trailing CRLF). */
export function encodeCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(encodeCsvField).join(',')).map((line) => `${line}\r\n`).join('');
}
