import type { GearRatio } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { stmt, type Projection } from '../projection.ts';

/** gear_ratios (spec §3): one list per car and setup (event_id null = baseline), in entered order. */
export const gearRatiosProjection: Projection = {
  name: 'gear_ratios',
  tables: ['gear_ratios'],
  ddl: `
    CREATE TABLE IF NOT EXISTS gear_ratios (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      event_id integer,
      position integer NOT NULL,
      name text NOT NULL,
      ratio text NOT NULL,
      speed_at_max_rpm text,
      notes text
    );
    CREATE INDEX IF NOT EXISTS gear_ratios_car_idx ON gear_ratios (car_id, event_id, position);`,
  canHandle: ['GearRatiosSet'],
  project(event) {
    if (event.type !== 'GearRatiosSet') return [];
    const { carId, raceEventId, rows } = event.data;
    return [
      stmt(`DELETE FROM gear_ratios WHERE car_id = $1 AND event_id IS NOT DISTINCT FROM $2`, carId, raceEventId),
      ...(rows.length === 0
        ? []
        : [
            stmt(
              `INSERT INTO gear_ratios (id, car_id, event_id, position, name, ratio, speed_at_max_rpm, notes)
               SELECT r.id, $1, $2, r.position, r.name, r.ratio, r."speedAtMaxRpm", r.notes
                 FROM jsonb_to_recordset($3::jsonb) AS r(id integer, position integer, name text, ratio text, "speedAtMaxRpm" text, notes text)`,
              carId, raceEventId, JSON.stringify(rows.map((r, position) => ({ ...r, position }))),
            ),
          ]),
    ];
  },
};

/** Gear ratio rows of a car's baseline (`eventId` null) or of one race event, in entered order. Caller checks tenancy. */
export async function listGearRatios(sql: Sql, carId: number, eventId: number | null): Promise<GearRatio[]> {
  const { rows } = await sql.query<GearRatio>(
    `SELECT id, car_id AS "carId", event_id AS "eventId", name, ratio, speed_at_max_rpm AS "speedAtMaxRpm", notes
       FROM gear_ratios WHERE car_id = $1 AND event_id IS NOT DISTINCT FROM $2 ORDER BY position`,
    [carId, eventId],
  );
  return rows;
}
