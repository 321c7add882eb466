/**
 * @pitwall/setup-forms/display: the parts that show setup values without editing them — the team
 * units gate, the numeric field with its unit, the API ⇄ shown unit helpers, the live-change
 * helpers, the gear chart's speeds, the derived geometry, the scales' formatting and the setup sheet's read view. Free of the
 * forms (react-hook-form, the zod body schemas), so a screen that only shows values does not wait
 * for them; the forms come from the package's main entry, which re-exports everything here.
 */
export { MeasureField, type MeasureFieldProps } from '../components/measure-field';
export { WithTeamUnits } from '../components/with-team-units';
export { useFollowingForm } from '../lib/following-state';
export { focusNextFieldOnEnter } from '../lib/next-field';
export { changedElsewhereOf } from '../lib/changed-elsewhere';
export { computeGearSpeeds, gearChartData, parseGearNotes, type GearRowLike } from '../lib/gear-speed';
export { GeometryFigures, geometryLines } from '../scales/geometry-figures';
export { SetupSheetTables, type SetupSheetTablesProps } from '../sheet/setup-sheet-tables';
export { isBlankSheet } from '../sheet/sheet-layout';
export { diagonalLabel, formatMass, formatPercent, formatSignedMass, targetDifference } from '../scales/format';
export { displayDigits, fromApiNumber, toApiNumber, entryUnit, unitLabel, gaugePressure, shownTemperature, shownTemperatureDifference, toApiTemperatureDifference } from '../units/measurement';
