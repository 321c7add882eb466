import { NO_TIRE_PRESSURE_TARGETS, type TirePressureTargets } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/** tire_pressure_targets: one row per car (`id` = the car's id) with its target hot pressures, gauge psi (null = not set). */
export const tirePressureTargetsProjection = defineProjection({
  name: 'tire_pressure_targets',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS tire_pressure_targets (
      id integer PRIMARY KEY,
      front_psi double precision,
      rear_psi double precision,
      fl_psi double precision,
      fr_psi double precision,
      rl_psi double precision,
      rr_psi double precision
    );`,
  tables: { tire_pressure_targets: 'id' },
  on: {
    TirePressureTargetsSet({ data: { carId, targets: t } }, { tire_pressure_targets }) {
      tire_pressure_targets.write({ id: carId, front_psi: t.front, rear_psi: t.rear, fl_psi: t.fl, fr_psi: t.fr, rl_psi: t.rl, rr_psi: t.rr });
    },
  },
});

/** The car's target hot pressures in psi; every value null when none were ever set. Caller checks tenancy. */
export async function findTirePressureTargets(sql: Sql, carId: number): Promise<TirePressureTargets> {
  const { rows } = await sql.query<TirePressureTargets>(
    `SELECT front_psi AS front, rear_psi AS rear, fl_psi AS fl, fr_psi AS fr, rl_psi AS rl, rr_psi AS rr FROM tire_pressure_targets WHERE id = $1`,
    [carId],
  );
  return rows[0] ?? NO_TIRE_PRESSURE_TARGETS;
}
