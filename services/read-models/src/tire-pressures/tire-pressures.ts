import type { TirePressures } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { effectiveNote, effectiveRows, tireRowRule } from '@pitwall/domain';
import type { Projection } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';

/**
 * tire_pressures (docs/product.md, 'Data model'): rows per car and setup. The spec's shared note is kept on every row
 * of the set (as the original product does) and answered once as `notes`.
 */
export const tirePressuresProjection: Projection = {
  name: 'tire_pressures',
  tables: ['tire_pressures'],
  ddl: `
    CREATE TABLE IF NOT EXISTS tire_pressures (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      event_id integer,
      position integer NOT NULL,
      condition text NOT NULL,
      front_left text NOT NULL,
      front_right text NOT NULL,
      rear_left text NOT NULL,
      rear_right text NOT NULL,
      notes text
    );
    CREATE INDEX IF NOT EXISTS tire_pressures_car_idx ON tire_pressures (car_id, event_id, position);`,
  canHandle: ['TirePressuresSet'],
  project(events) {
    const pressures = new RowChanges({ table: 'tire_pressures', key: 'id' });
    for (const event of events) {
      if (event.type !== 'TirePressuresSet') continue;
      const { carId, raceEventId, rows, notes } = event.data;
      pressures.removeWhere({ car_id: carId, event_id: raceEventId });
      rows.forEach((r, position) =>
        pressures.write({
          id: r.id, car_id: carId, event_id: raceEventId, position, condition: r.condition,
          front_left: r.frontLeft, front_right: r.frontRight, rear_left: r.rearLeft, rear_right: r.rearRight, notes,
        }),
      );
    }
    return pressures.statements();
  },
};

type StoredTirePressure = Omit<TirePressures['items'][number], 'own'>;

async function storedTirePressures(sql: Sql, carId: number, raceEventId: number | null): Promise<StoredTirePressure[]> {
  const { rows } = await sql.query<StoredTirePressure>(
    `SELECT id, car_id AS "carId", event_id AS "eventId", condition, front_left AS "frontLeft", front_right AS "frontRight",
            rear_left AS "rearLeft", rear_right AS "rearRight", notes
       FROM tire_pressures WHERE car_id = $1 AND event_id IS NOT DISTINCT FROM $2 ORDER BY position`,
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
