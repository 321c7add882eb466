import { parseTrackLengthKm, type RaceEvent } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/** race_events (docs/product.md, 'Data model'; renamed because `events` is the event store's table); `series_id`/`round_id`/`entry_id`: the series round it races (null: the team's own). */
export const raceEventsProjection = defineProjection({
  name: 'race_events',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS race_events (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      team_id integer NOT NULL,
      name text NOT NULL,
      location text NOT NULL,
      date timestamptz NOT NULL,
      ends_on text,
      series_id integer, round_id integer, entry_id integer,
      track_length text, weather text, notes text,
      final_drive_ratio text, final_drive_notes text,
      profile_image_url text, timetable_image_url text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS race_events_car_idx ON race_events (car_id, date);`,
  tables: { race_events: 'id' },
  on: {
    RaceEventScheduled({ data: d }, { race_events }) {
      race_events.write({
        id: d.raceEventId, car_id: d.carId, team_id: d.teamId, name: d.name, location: d.location, date: d.date, ends_on: d.endsOn, track_length: d.trackLength,
        weather: d.weather, notes: d.notes, profile_image_url: d.profileImageUrl, timetable_image_url: d.timetableImageUrl, created_at: d.createdAt,
      });
    },
    FinalDriveSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { final_drive_ratio: d.finalDriveRatio, final_drive_notes: d.finalDriveNotes }),
    RaceEventImagesSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { profile_image_url: d.profileImageUrl, timetable_image_url: d.timetableImageUrl }),
    RaceEventTrackLengthSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { track_length: d.trackLength }),
    RaceEventRoundLinked: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { series_id: d.seriesId, round_id: d.roundId, entry_id: d.entryId }),
  },
});

const COLUMNS = `id, car_id AS "carId", name, location, date, ends_on AS "endsOn", series_id AS "seriesId", round_id AS "roundId", entry_id AS "entryId", track_length AS "trackLength", weather, notes,
  final_drive_ratio AS "finalDriveRatio", final_drive_notes AS "finalDriveNotes",
  profile_image_url AS "profileImageUrl", timetable_image_url AS "timetableImageUrl", created_at AS "createdAt"`;

type Row = Omit<RaceEvent, 'date' | 'createdAt' | 'trackLengthKm' | 'round'> & { date: Date | string; createdAt: Date | string; seriesId: number | null; roundId: number | null; entryId: number | null };
const toRaceEvent = ({ seriesId, roundId, entryId, ...r }: Row): RaceEvent => ({
  ...r, round: seriesId === null || roundId === null || entryId === null ? null : { seriesId, roundId, entryId }, trackLengthKm: r.trackLength === null ? null : parseTrackLengthKm(r.trackLength), date: new Date(r.date).toISOString(), createdAt: new Date(r.createdAt).toISOString(),
});

/** A car's race events, newest date first. Caller checks tenancy of the car. */
export async function listRaceEvents(sql: Sql, carId: number): Promise<RaceEvent[]> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM race_events WHERE car_id = $1 ORDER BY date DESC, id DESC`, [carId]);
  return rows.map(toRaceEvent);
}

/** One race event of a car; null when it does not exist or belongs to another car. */
export async function findRaceEvent(sql: Sql, carId: number, raceEventId: number): Promise<RaceEvent | null> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM race_events WHERE car_id = $1 AND id = $2`, [carId, raceEventId]);
  return rows[0] ? toRaceEvent(rows[0]) : null;
}

/**
 * A race event of car `carId` that a series round from `startsOn` to `endsOn` ('YYYY-MM-DD') can be
 * delivered to: the team's own (not linked to a round) starting on one of the round's days, the
 * earliest; null when there is none.
 */
export async function findLinkableRaceEvent(sql: Sql, carId: number, startsOn: string, endsOn: string): Promise<number | null> {
  const { rows } = await sql.query<{ id: number }>(
    `SELECT id FROM race_events WHERE car_id = $1 AND round_id IS NULL AND to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD') BETWEEN $2 AND $3 ORDER BY date, id LIMIT 1`,
    [carId, startsOn, endsOn],
  );
  return rows[0]?.id ?? null;
}
