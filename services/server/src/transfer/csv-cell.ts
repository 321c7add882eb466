/**
 * Cells of the CSVs Pitwall writes, safe to open in a spreadsheet (OWASP, "CSV Injection"): a text
 * that starts with '=', '+', '-', '@', a tab or a carriage return would be read as a formula, so it
 * gets a leading single quote and is quoted ('=HYPERLINK(…)' → "'=HYPERLINK(…)"). A cell that is
 * a plain decimal number ('-3.5', '+2', '1e-3') is no formula and stays as it is, so number columns
 * (a negative camber, a fuel delta) still read as numbers.
 */

/** Starts a spreadsheet formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A decimal number, optionally signed, with an optional exponent. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The cell as written: `text` unchanged, or with a leading `'` when it would start a formula. */
export function csvSafeCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** csv-stringify's `quoted_match`: a cell csvSafeCell escaped is always quoted. */
export const ESCAPED_CELL = /^'[=+\-@\t\r]/;
