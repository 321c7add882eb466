import type { TirePressures } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { effectiveNote, effectiveRows, tireRowRule } from '@pitwall/domain';
import { defineProjection } from '../define-projection.ts';

/**
 * tire_pressures (docs/product.md, 'Data model'): rows per car and setup. The spec's shared note is kept on every row
 * of the set (as the original product does) and answered once as `notes`.
 */
export const tirePressuresProjection = defineProjection({
  name: 'tire_pressures',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS tire_pressures (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      position integer NOT NULL,
      condition text NOT NULL,
      front_left text NOT NULL,
      front_right text NOT NULL,
      rear_left text NOT NULL,
      rear_right text NOT NULL,
      notes text
    );
    CREATE INDEX IF NOT EXISTS tire_pressures_car_idx ON tire_pressures (car_id, race_event_id, position);`,
  tables: { tire_pressures: 'id' },
  on: {
    TirePressuresSet({ data: { carId, raceEventId, rows, notes } }, { tire_pressures }) {
      tire_pressures.removeWhere({ car_id: carId, race_event_id: raceEventId });
      rows.forEach((r, position) =>
        tire_pressures.write({
          id: r.id, car_id: carId, race_event_id: raceEventId, position, condition: r.condition,
          front_left: r.frontLeft, front_right: r.frontRight, rear_left: r.rearLeft, rear_right: r.rearRight, notes,
        }),
      );
    },
  },
});

type StoredTirePressure = Omit<TirePressures['items'][number], 'own'>;

async function storedTirePressures(sql: Sql, carId: number, raceEventId: number | null): Promise<StoredTirePressure[]> {
  const { rows } = await sql.query<StoredTirePressure>(
    `SELECT id, car_id AS "carId", race_event_id AS "eventId", condition, front_left AS "frontLeft", front_right AS "frontRight",
            rear_left AS "rearLeft", rear_right AS "rearRight", notes
       FROM tire_pressures WHERE car_id = $1 AND race_event_id IS NOT DISTINCT FROM $2 ORDER BY position`,
    [carId, raceEventId],
  );
  return rows;
}

/**
 * Tire pressure rows and shared note of a car's baseline (every row `own`) or the EFFECTIVE ones of
 * a race event: the baseline's rows overridden by its own rows by condition, its own note when set
 * else the baseline's (setup-inheritance.ts). Caller checks tenancy.
 */
export async function findTirePressures(sql: Sql, carId: number, raceEventId: number | null): Promise<TirePressures> {
  const baseline = await storedTirePressures(sql, carId, null);
  const baselineNotes = baseline[0]?.notes ?? null;
  if (raceEventId === null) return { items: baseline.map((r) => ({ ...r, own: true })), notes: baselineNotes };
  const own = await storedTirePressures(sql, carId, raceEventId);
  const { notes } = effectiveNote(baselineNotes, own[0]?.notes ?? null);
  return { items: effectiveRows(tireRowRule, baseline, own).map(({ row, own: isOwn }) => ({ ...row, notes, own: isOwn })), notes };
}
