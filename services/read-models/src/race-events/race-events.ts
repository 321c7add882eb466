import { parseTrackLengthKm, type RaceEvent } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import type { Projection } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';

/** race_events (docs/product.md, 'Data model'; renamed because `events` is the event store's table). */
export const raceEventsProjection: Projection = {
  name: 'race_events',
  tables: ['race_events'],
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
  canHandle: ['RaceEventScheduled', 'FinalDriveSet', 'RaceEventImagesSet', 'RaceEventTrackLengthSet'],
  project(events) {
    const raceEvents = new RowChanges({ table: 'race_events', key: 'id' });
    for (const event of events) {
      switch (event.type) {
        case 'RaceEventScheduled': {
          const d = event.data;
          raceEvents.write({
            id: d.raceEventId, car_id: d.carId, team_id: d.teamId, name: d.name, location: d.location, date: d.date, track_length: d.trackLength,
            weather: d.weather, notes: d.notes, profile_image_url: d.profileImageUrl, timetable_image_url: d.timetableImageUrl, created_at: d.createdAt,
          });
          break;
        }
        case 'FinalDriveSet':
          raceEvents.patch(event.data.raceEventId, { final_drive_ratio: event.data.finalDriveRatio, final_drive_notes: event.data.finalDriveNotes });
          break;
        case 'RaceEventImagesSet':
          raceEvents.patch(event.data.raceEventId, { profile_image_url: event.data.profileImageUrl, timetable_image_url: event.data.timetableImageUrl });
          break;
        case 'RaceEventTrackLengthSet':
          raceEvents.patch(event.data.raceEventId, { track_length: event.data.trackLength });
          break;
        default:
          break;
      }
    }
    return raceEvents.statements();
  },
};

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
