import type { HistorySection, SetupComparison, SetupValues } from '@pitwall/contracts';
import { cornerWeightsLines, setupSheetFieldLabel, SUSPENSION_SETTINGS } from '@pitwall/contracts';
import { FINAL_DRIVE_GEAR, flattenSetupSheet, SETUP_SHEET_FIELDS } from '@pitwall/domain';

/**
 * Flattens an effective setup into labelled values, e.g. 'Front camber' → '-2.8°', '3rd ratio' →
 * '2.035', 'FL camber (°)' → '-3.2'. The race event's final drive is already the 'Final Drive' row's ratio (setupValuesOf);
 * only a car without such a row gets a 'Final Drive ratio' line from it, so there is ONE line.
 */
function flatten(setup: SetupValues, finalDriveRatio: string | null): Map<string, { section: HistorySection; value: string | null }> {
  const out = new Map<string, { section: HistorySection; value: string | null }>();
  for (const row of setup.gearRatios) out.set(`${row.name} ratio`, { section: 'gear-ratios', value: row.ratio });
  if (finalDriveRatio !== null && !out.has(`${FINAL_DRIVE_GEAR} ratio`)) out.set(`${FINAL_DRIVE_GEAR} ratio`, { section: 'gear-ratios', value: finalDriveRatio });
  for (const s of SUSPENSION_SETTINGS) {
    out.set(`Front ${s.label}`, { section: 'suspension', value: setup.suspension?.[`front${s.key}`] ?? null });
    out.set(`Rear ${s.label}`, { section: 'suspension', value: setup.suspension?.[`rear${s.key}`] ?? null });
  }
  for (const row of setup.tirePressures.items) {
    out.set(`${row.condition} pressures`, { section: 'tire-pressures', value: `FL ${row.frontLeft}, FR ${row.frontRight}, RL ${row.rearLeft}, RR ${row.rearRight}` });
  }
  for (const { field, value } of cornerWeightsLines(setup.cornerWeights)) out.set(field, { section: 'corner-weights', value });
  const sheet = flattenSetupSheet(setup.setupSheet);
  for (const f of SETUP_SHEET_FIELDS) out.set(setupSheetFieldLabel(f), { section: 'setup-sheet', value: sheet[f] === null ? null : String(sheet[f]) });
  return out;
}

/** Side-by-side comparison of two effective setups with every differing value listed. */
export function compareSetups(left: SetupComparison['left'], right: SetupComparison['right']): SetupComparison {
  const [a, b] = [flatten(left.setup, left.finalDriveRatio), flatten(right.setup, right.finalDriveRatio)];
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const differences = fields
    .map((field) => ({ section: (a.get(field) ?? b.get(field))!.section, field, left: a.get(field)?.value ?? null, right: b.get(field)?.value ?? null }))
    .filter((d) => d.left !== d.right);
  return { left, right, differences };
}
