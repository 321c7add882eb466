import { DEFAULT_TIRE_TEMPERATURE_TARGETS, type TireTemperatureTargetsValue } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/** tire_temperature_targets: one row per car (`id` = the car's id) that set its own tire temperature targets, °C. */
export const tireTemperatureTargetsProjection = defineProjection({
  name: 'tire_temperature_targets',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS tire_temperature_targets (
      id integer PRIMARY KEY,
      spread_min_c double precision NOT NULL,
      spread_max_c double precision NOT NULL,
      middle_tolerance_c double precision NOT NULL
    );`,
  tables: { tire_temperature_targets: 'id' },
  on: {
    TireTemperatureTargetsSet: ({ data: { carId, targets: t } }, { tire_temperature_targets }) =>
      tire_temperature_targets.write({ id: carId, spread_min_c: t.spreadMinC, spread_max_c: t.spreadMaxC, middle_tolerance_c: t.middleToleranceC }),
  },
});

/** The SQL of car `{carRef}`'s targets as one jsonb value (null: the car kept the defaults), for a session read's columns. */
export const TARGETS_OF_CAR = (carRef: string) =>
  `(SELECT jsonb_build_object('spreadMinC', tt.spread_min_c, 'spreadMaxC', tt.spread_max_c, 'middleToleranceC', tt.middle_tolerance_c) FROM tire_temperature_targets tt WHERE tt.id = ${carRef})`;

/** The car's tire temperature targets, °C; the defaults (DEFAULT_TIRE_TEMPERATURE_TARGETS) until it set its own. Caller checks tenancy. */
export async function findTireTemperatureTargets(sql: Sql, carId: number): Promise<TireTemperatureTargetsValue> {
  const { rows } = await sql.query<{ targets: TireTemperatureTargetsValue }>(`SELECT ${TARGETS_OF_CAR('$1::integer')} AS targets`, [carId]);
  return rows[0]?.targets ?? DEFAULT_TIRE_TEMPERATURE_TARGETS;
}
