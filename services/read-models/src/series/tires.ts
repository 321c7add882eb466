import type { TireAllocation, TireRegister, TireRegisterLine } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { inUserTeams } from '../scope.ts';
import { entryScope, type SeriesAccess } from './series.ts';

/**
 * A series round's tire allocation and register. The organiser reads every entry's registered
 * barcodes (number, class, barcode, when) and nothing of the teams' tire data; a team reads its own
 * entries' registrations with its sets' names. Caller checks the series access and the round.
 */

/** The allocation of round `roundId` (nulls while none is set). */
export async function findTireAllocation(sql: Sql, seriesId: number, roundId: number): Promise<TireAllocation> {
  const { rows } = await sql.query<{ setsPerCar: number; compound: string }>(
    `SELECT sets_per_car AS "setsPerCar", compound FROM series_tire_allocations WHERE id = $1 AND series_id = $2`,
    [roundId, seriesId],
  );
  return { roundId, setsPerCar: rows[0]?.setsPerCar ?? null, compound: rows[0]?.compound ?? null };
}

type LineRow = Omit<TireRegisterLine, 'registeredAt'> & { registeredAt: Date | string };

/**
 * The round's allocation and the registered sets the caller may see (entryScope: the organiser every
 * entry's, an entrant its own teams'), by class, number and registration. The set's id and name
 * only where the entry's team is one of the caller's (SQL: inUserTeams), never for the organiser.
 */
export async function findTireRegister(sql: Sql, userId: number, seriesId: number, roundId: number, access: SeriesAccess): Promise<TireRegister> {
  const { rows } = await sql.query<LineRow>(
    `SELECT r.entry_id AS "entryId", e.number, e.class, r.barcode, r.registered_at AS "registeredAt",
            CASE WHEN ${inUserTeams('e.team_id', '$3')} THEN r.tire_set_id END AS "tireSetId",
            CASE WHEN ${inUserTeams('e.team_id', '$3')} THEN t.name END AS "tireSetName"
       FROM series_tire_register r JOIN series_entries e ON e.id = r.entry_id
            LEFT JOIN tire_sets t ON t.id = r.tire_set_id AND t.team_id = e.team_id
      WHERE r.series_id = $1 AND r.round_id = $2 AND ${entryScope(access, '$3')}
      ORDER BY e.class, lpad(e.number, 3, '0'), e.number, r.registered_at, r.barcode`,
    [seriesId, roundId, String(userId)],
  );
  return {
    allocation: await findTireAllocation(sql, seriesId, roundId),
    sets: rows.map(({ registeredAt, ...r }) => ({ ...r, registeredAt: new Date(registeredAt).toISOString() })),
  };
}

/** The team and car of active entry `entryId` of series `seriesId`, or null. */
export async function findActiveEntry(sql: Sql, seriesId: number, entryId: number): Promise<{ teamId: number; carId: number; number: string } | null> {
  const { rows } = await sql.query<{ teamId: number; carId: number; number: string }>(
    `SELECT team_id AS "teamId", car_id AS "carId", number FROM series_entries WHERE id = $1 AND series_id = $2 AND NOT withdrawn`,
    [entryId, seriesId],
  );
  return rows[0] ?? null;
}
