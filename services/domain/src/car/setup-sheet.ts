import { SETUP_SHEET_FIELDS, type SetupSheetValue } from '@pitwall/contracts';

/**
 * The engineer's setup sheet, a setup section of the car per baseline and per race event with the
 * same per-field inheritance as the suspension and the corner weights (a null field of a race event
 * inherits the baseline's; setup-inheritance.ts). Its fields, units and the flat/nested shapes are
 * @pitwall/contracts' (values/setup-sheet.ts), shared with the screens.
 */
export { blankSetupSheet, flattenSetupSheet, nestSetupSheet, SETUP_SHEET_FIELDS, type SetupSheetField, type SetupSheetValue } from '@pitwall/contracts';

/** True when every field of `a` equals that of `b` (a field missing from a stored value reads null). */
export const sameSetupSheet = (a: SetupSheetValue, b: SetupSheetValue) => SETUP_SHEET_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));
