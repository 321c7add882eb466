import type { HistorySection, SetupComparison, SetupValues } from '@pitwall/contracts';
import { SUSPENSION_SETTINGS } from '@pitwall/contracts';

/** The setup a race event runs: its own rows per section where it has any, else the car's baseline. */
export function effectiveSetup(own: SetupValues, baseline: SetupValues): SetupValues {
  return {
    gearRatios: own.gearRatios.length ? own.gearRatios : baseline.gearRatios,
    suspension: own.suspension ?? baseline.suspension,
    tirePressures: own.tirePressures.items.length ? own.tirePressures : baseline.tirePressures,
  };
}

/** Flattens a setup into labelled values, e.g. 'Front camber' → '-2.8°', '3rd ratio' → '2.035'. */
function flatten(setup: SetupValues, finalDriveRatio: string | null): Map<string, { section: HistorySection; value: string | null }> {
  const out = new Map<string, { section: HistorySection; value: string | null }>();
  if (finalDriveRatio !== null) out.set('Race final drive', { section: 'gear-ratios', value: finalDriveRatio });
  for (const row of setup.gearRatios) out.set(`${row.name} ratio`, { section: 'gear-ratios', value: row.ratio });
  for (const s of SUSPENSION_SETTINGS) {
    out.set(`Front ${s.label}`, { section: 'suspension', value: setup.suspension?.[`front${s.key}`] ?? null });
    out.set(`Rear ${s.label}`, { section: 'suspension', value: setup.suspension?.[`rear${s.key}`] ?? null });
  }
  for (const row of setup.tirePressures.items) {
    out.set(`${row.condition} pressures`, { section: 'tire-pressures', value: `FL ${row.frontLeft}, FR ${row.frontRight}, RL ${row.rearLeft}, RR ${row.rearRight}` });
  }
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
