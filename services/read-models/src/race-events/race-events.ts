import { parseTrackLengthKm, type RaceEvent } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/** race_events (docs/product.md, 'Data model'; renamed because `events` is the event store's table). */
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
        id: d.raceEventId, car_id: d.carId, team_id: d.teamId, name: d.name, location: d.location, date: d.date, track_length: d.trackLength,
        weather: d.weather, notes: d.notes, profile_image_url: d.profileImageUrl, timetable_image_url: d.timetableImageUrl, created_at: d.createdAt,
      });
    },
    FinalDriveSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { final_drive_ratio: d.finalDriveRatio, final_drive_notes: d.finalDriveNotes }),
    RaceEventImagesSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { profile_image_url: d.profileImageUrl, timetable_image_url: d.timetableImageUrl }),
    RaceEventTrackLengthSet: ({ data: d }, { race_events }) => race_events.patch(d.raceEventId, { track_length: d.trackLength }),
  },
});

const COLUMNS = `id, car_id AS "carId", name, location, date, track_length AS "trackLength", weather, notes,
  final_drive_ratio AS "finalDriveRatio", final_drive_notes AS "finalDriveNotes",
  profile_image_url AS "profileImageUrl", timetable_image_url AS "timetableImageUrl", created_at AS "createdAt"`;

type Row = Omit<RaceEvent, 'date' | 'createdAt' | 'trackLengthKm'> & { date: Date | string; createdAt: Date | string };
const toRaceEvent = (r: Row): RaceEvent => ({
  ...r, trackLengthKm: r.trackLength === null ? null : parseTrackLengthKm(r.trackLength), date: new Date(r.date).toISOString(), createdAt: new Date(r.createdAt).toISOString(),
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
