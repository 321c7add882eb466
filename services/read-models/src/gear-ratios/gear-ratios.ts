import type { GearRatio } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { carStream, effectiveRows, gearRowRule, withRaceFinalDrive, type GearRatioValue } from '@pitwall/domain';
import { inUserTeams } from '../scope.ts';
import { defineProjection } from '../define-projection.ts';

/** gear_ratios (docs/product.md, 'Data model'): one list per car and setup (race_event_id null = baseline), in entered order. */
export const gearRatiosProjection = defineProjection({
  name: 'gear_ratios',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS gear_ratios (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      position integer NOT NULL,
      name text NOT NULL,
      ratio text NOT NULL,
      speed_at_max_rpm text,
      notes text
    );
    CREATE INDEX IF NOT EXISTS gear_ratios_car_idx ON gear_ratios (car_id, race_event_id, position);`,
  tables: { gear_ratios: 'id' },
  on: {
    GearRatiosSet({ data: { carId, raceEventId, rows } }, { gear_ratios }) {
      gear_ratios.removeWhere({ car_id: carId, race_event_id: raceEventId });
      rows.forEach((r, position) =>
        gear_ratios.write({ id: r.id, car_id: carId, race_event_id: raceEventId, position, name: r.name, ratio: r.ratio, speed_at_max_rpm: r.speedAtMaxRpm, notes: r.notes }),
      );
    },
  },
});

type StoredGearRatio = Omit<GearRatio, 'own'>;

/**
 * The baseline list a GearRatiosSet of car `carId`'s baseline (`rows`, its data) leaves: what
 * {@link listGearRatios} answers for the baseline once the projection above has applied it, for a
 * command that answers it without reading it back.
 */
export function baselineGearRatiosOf(carId: number, rows: readonly GearRatioValue[]): GearRatio[] {
  return rows.map((r) => ({ id: r.id, carId, eventId: null, name: r.name, ratio: r.ratio, speedAtMaxRpm: r.speedAtMaxRpm, notes: r.notes, own: true }));
}

/** The stored rows of one setup (baseline: null), in entered order. */
async function storedGearRatios(sql: Sql, carId: number, raceEventId: number | null): Promise<StoredGearRatio[]> {
  const { rows } = await sql.query<StoredGearRatio>(
    `SELECT id, car_id AS "carId", race_event_id AS "eventId", name, ratio, speed_at_max_rpm AS "speedAtMaxRpm", notes
       FROM gear_ratios WHERE car_id = $1 AND race_event_id IS NOT DISTINCT FROM $2 ORDER BY position`,
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
 * The baseline gear ratio rows of car `carId` (every row `own`) and the revision of the car's
 * stream as the read models reflect it (its ETag) if the car belongs to a team where
 * `userId` is an active member; null otherwise (answer 404: existence is not revealed). One
 * statement: the car's stream_revisions row, kept only when the uncorrelated EXISTS of
 * the tenancy check holds (an InitPlan PostgreSQL runs once), left-joined to the index scan of the
 * rows — a visible car without rows gives one row of nulls, an invisible one no row.
 */
export async function listBaselineGearRatiosOfUser(sql: Sql, userId: number, carId: number): Promise<{ rows: GearRatio[]; revision: number } | null> {
  const { rows } = await sql.query<{ revision: number } & { [K in keyof StoredGearRatio]: StoredGearRatio[K] | null }>(
    `SELECT r.revision, g.id, g.car_id AS "carId", g.race_event_id AS "eventId", g.name, g.ratio, g.speed_at_max_rpm AS "speedAtMaxRpm", g.notes
       FROM stream_revisions r
       LEFT JOIN gear_ratios g ON g.car_id = $2 AND g.race_event_id IS NULL
      WHERE r.stream_name = $3
        AND EXISTS (SELECT 1 FROM cars c WHERE c.id = $2 AND ${inUserTeams('c.team_id', '$1')})
      ORDER BY g.position`,
    [String(userId), carId, carStream(carId)],
  );
  if (rows.length === 0) return null;
  const stored = rows.filter((r): r is typeof r & StoredGearRatio => r.id !== null);
  return { rows: stored.map(({ revision: _revision, ...r }) => ({ ...r, own: true })), revision: Number(rows[0]!.revision) };
}
