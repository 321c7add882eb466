import type { Bop } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { inUserTeams, seriesOrganisedBy } from '../scope.ts';
import type { SeriesAccess } from './series.ts';

/**
 * The balance of performance (BoP) of a series' cars per round (table `series_bop` of the series
 * projection): ballast and minimum weight in kg, restrictor in mm. The organiser sees every active
 * entry's; a team only its own cars' (never another team's, not even their numbers).
 */

const iso = (v: Date | string) => new Date(v).toISOString();

type BopRow = Omit<Bop, 'setAt'> & { setAt: Date | string };

/** Who set it: the account's display name, else its username. */
const SET_BY = `coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username, 'unknown')`;

/** The BoP rows of series `seriesId` at round `roundId` (one entry when `entryId` is given) matching `scope`, by class then number. */
async function bopRows(sql: Sql, scope: string, params: unknown[]): Promise<Bop[]> {
  const { rows } = await sql.query<BopRow>(
    `SELECT b.round_id AS "roundId", b.entry_id AS "entryId", e.number, e.class, b.ballast_kg AS "ballastKg", b.restrictor_mm AS "restrictorMm",
            b.min_weight_kg AS "minWeightKg", b.notes, ${SET_BY} AS "setBy", b.set_at AS "setAt"
       FROM series_bop b JOIN series_entries e ON e.id = b.entry_id AND e.series_id = b.series_id LEFT JOIN users u ON u.id::text = b.set_by
      WHERE b.series_id = $1 AND b.round_id = $2 AND ($3::integer IS NULL OR b.entry_id = $3) AND ${scope}
      ORDER BY e.class, lpad(e.number, 3, '0'), e.number, e.id`,
    params,
  );
  return rows.map((r) => ({
    ...r, ballastKg: Number(r.ballastKg), restrictorMm: r.restrictorMm === null ? null : Number(r.restrictorMm),
    minWeightKg: r.minWeightKg === null ? null : Number(r.minWeightKg), setAt: iso(r.setAt),
  }));
}

/**
 * The BoPs set at a round that user `userId` may see: the organiser every active entry's, an
 * entrant its own teams' active entries'; `entryId` narrows to one entry. Entries without a BoP at
 * this round are not listed.
 */
export function listRoundBops(sql: Sql, userId: number, seriesId: number, roundId: number, access: SeriesAccess, entryId?: number): Promise<Bop[]> {
  const scope = `NOT e.withdrawn AND ${access.role === 'organiser' ? seriesOrganisedBy('e.series_id', '$4') : inUserTeams('e.team_id', '$4')}`;
  return bopRows(sql, scope, [seriesId, roundId, entryId ?? null, String(userId)]);
}

/**
 * The BoP of entry `entryId` of series `seriesId` at round `roundId`, or null when none is set.
 * Checks no access: the caller has made sure the entry is the viewer's team's (or the viewer
 * organises the series), e.g. to show a team its car's BoP and `bopWarnings` on its race event.
 */
export async function bopOfEntry(sql: Sql, seriesId: number, roundId: number, entryId: number): Promise<Bop | null> {
  return (await bopRows(sql, 'true', [seriesId, roundId, entryId]))[0] ?? null;
}
