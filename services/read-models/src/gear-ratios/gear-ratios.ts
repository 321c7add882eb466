import type { GearRatio } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { effectiveRows, gearRowRule, withRaceFinalDrive } from '@pitwall/domain';
import type { Projection } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';
import { findCar } from '../cars/cars.ts';
import { inUserTeams } from '../scope.ts';

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
  project(events) {
    const ratios = new RowChanges({ table: 'gear_ratios', key: 'id' });
    for (const event of events) {
      if (event.type !== 'GearRatiosSet') continue;
      const { carId, raceEventId, rows } = event.data;
      ratios.removeWhere({ car_id: carId, event_id: raceEventId });
      rows.forEach((r, position) =>
        ratios.write({ id: r.id, car_id: carId, event_id: raceEventId, position, name: r.name, ratio: r.ratio, speed_at_max_rpm: r.speedAtMaxRpm, notes: r.notes }),
      );
    }
    return ratios.statements();
  },
};

type StoredGearRatio = Omit<GearRatio, 'own'>;

/** The stored rows of one setup (baseline: null), in entered order. */
async function storedGearRatios(sql: Sql, carId: number, raceEventId: number | null): Promise<StoredGearRatio[]> {
  const { rows } = await sql.query<StoredGearRatio>(
    `SELECT id, car_id AS "carId", event_id AS "eventId", name, ratio, speed_at_max_rpm AS "speedAtMaxRpm", notes
       FROM gear_ratios WHERE car_id = $1 AND event_id IS NOT DISTINCT FROM $2 ORDER BY position`,
    [carId, raceEventId],
  );
  return rows;
}

/**
 * Gear ratio rows of a car's baseline (`raceEventId` null; every row `own`) or the EFFECTIVE rows of
 * one race event: the baseline's rows overridden by the race event's own rows by name, its final
 * drive ratio (`finalDriveRatio` of race_events) in the 'Final Drive' row (setup-inheritance.ts).
 * Caller checks tenancy.
 */
export async function listGearRatios(sql: Sql, carId: number, raceEventId: number | null): Promise<GearRatio[]> {
  const baseline = await storedGearRatios(sql, carId, null);
  if (raceEventId === null) return baseline.map((r) => ({ ...r, own: true }));
  const own = await storedGearRatios(sql, carId, raceEventId);
  const { rows } = await sql.query<{ finalDriveRatio: string | null }>(`SELECT final_drive_ratio AS "finalDriveRatio" FROM race_events WHERE id = $1 AND car_id = $2`, [raceEventId, carId]);
  const effective = withRaceFinalDrive(effectiveRows(gearRowRule, baseline, own), baseline, rows[0]?.finalDriveRatio ?? null);
  return effective.map(({ row, own: isOwn }) => ({ ...row, own: isOwn }));
}

/**
 * The baseline gear ratio rows of car `carId` (every row `own`) if the car belongs to a team where
 * `userId` is an active member; null otherwise (answer 404: existence is not revealed). The tenancy
 * check is folded into the SELECT (issue 16): an uncorrelated EXISTS that PostgreSQL runs once
 * (an InitPlan) before the index scan of the rows. Only an empty answer costs a second statement,
 * to tell a visible car without rows from a car that is not visible.
 */
export async function listBaselineGearRatiosOfUser(sql: Sql, userId: number, carId: number): Promise<GearRatio[] | null> {
  const { rows } = await sql.query<StoredGearRatio>(
    `SELECT id, car_id AS "carId", event_id AS "eventId", name, ratio, speed_at_max_rpm AS "speedAtMaxRpm", notes
       FROM gear_ratios
      WHERE car_id = $2 AND event_id IS NULL
        AND EXISTS (SELECT 1 FROM cars c WHERE c.id = $2 AND ${inUserTeams('c.team_id', '$1')})
      ORDER BY position`,
    [String(userId), carId],
  );
  if (rows.length === 0 && !(await findCar(sql, userId, carId))) return null;
  return rows.map((r) => ({ ...r, own: true }));
}
