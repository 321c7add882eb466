import { describe, it } from 'vitest';
import { DEFAULT_RACE_PLAN_INPUT, type LapValue, type SessionDetails } from '@pitwall/contracts';
import type { DomainEvent } from '@pitwall/domain';
import { useProjectionSpec } from './projection-spec.ts';

/** What the race event, run sheet and gallery read models hold after the events a user's actions record, whatever the projector's batches. */
const spec = useProjectionSpec();

const at = '2026-03-21T10:00:00.000Z';
const scheduled = (trackLength: string | null): DomainEvent => ({
  type: 'RaceEventScheduled',
  data: { raceEventId: 3, carId: 7, teamId: 2, name: 'Spa 6h', location: 'Spa', date: '2026-05-02T09:00:00.000Z', endsOn: null, trackLength, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: at },
});
const details: SessionDetails = {
  name: 'FP1', type: 'practice', startedAt: at, driverMemberId: 10, airTempC: 14, trackTempC: 21, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null,
};
const sessionAdded: DomainEvent = { type: 'SessionAdded', data: { sessionId: 20, carId: 7, raceEventId: 3, teamId: 2, details, createdAt: at } };
const lap = (lapTimeMs: number, kind: LapValue['kind'] = 'timed'): LapValue => ({ lapTimeMs, kind, sectorsMs: [], driverName: null });
const lapsSet = (laps: LapValue[]): DomainEvent => ({ type: 'SessionLapsSet', data: { sessionId: 20, carId: 7, raceEventId: 3, laps } });
const sessionRemoved: DomainEvent = { type: 'SessionRemoved', data: { sessionId: 20, carId: 7, raceEventId: 3 } };

describe('race_events', { timeout: 60_000 }, () => {
  it('holds the final drive and track length as last set', async () => {
    await spec
      .given(
        scheduled('7.004 km'),
        { type: 'FinalDriveSet', data: { raceEventId: 3, carId: 7, finalDriveRatio: '3.9', finalDriveNotes: 'long straights' } },
        { type: 'RaceEventTrackLengthSet', data: { raceEventId: 3, carId: 7, trackLength: '7.0 km' } },
      )
      .then('SELECT id, car_id, team_id, name, track_length, final_drive_ratio, final_drive_notes FROM race_events', [
        { id: 3, car_id: 7, team_id: 2, name: 'Spa 6h', track_length: '7.0 km', final_drive_ratio: '3.9', final_drive_notes: 'long straights' },
      ]);
  });

  it('holds the images as last set, a removed one null', async () => {
    await spec
      .given(
        scheduled(null),
        { type: 'RaceEventImagesSet', data: { raceEventId: 3, carId: 7, profileImageUrl: '/api/images/a.jpg', timetableImageUrl: '/api/images/b.jpg' } },
        { type: 'RaceEventImagesSet', data: { raceEventId: 3, carId: 7, profileImageUrl: null, timetableImageUrl: '/api/images/b.jpg' } },
      )
      .then('SELECT profile_image_url, timetable_image_url FROM race_events', [{ profile_image_url: null, timetable_image_url: '/api/images/b.jpg' }]);
  });
});

describe('race_plans', { timeout: 60_000 }, () => {
  it("holds a race event's plan as last set", async () => {
    const plan = (raceMinutes: number) => ({ ...DEFAULT_RACE_PLAN_INPUT, raceMinutes, driverMemberIds: [10, 11] });
    await spec
      .given({ type: 'RacePlanSet', data: { raceEventId: 3, carId: 7, plan: plan(360) } }, { type: 'RacePlanSet', data: { raceEventId: 3, carId: 7, plan: plan(240) } })
      .then('SELECT race_event_id, car_id, plan FROM race_plans', [{ race_event_id: 3, car_id: 7, plan: plan(240) }]);
  });
});

describe('run_sessions', { timeout: 60_000 }, () => {
  it("shows a session's revised details", async () => {
    await spec
      .given(sessionAdded, { type: 'SessionDetailsRevised', data: { sessionId: 20, carId: 7, raceEventId: 3, details: { ...details, name: 'FP2', feedbackTags: ['understeer-mid'] } } })
      .then('SELECT id, race_event_id, team_id, name, feedback_tags FROM run_sessions', [{ id: 20, race_event_id: 3, team_id: 2, name: 'FP2', feedback_tags: ['understeer-mid'] }]);
  });

  it('holds the statistics of the laps set last, counting only timed laps', async () => {
    await spec
      .given(sessionAdded, lapsSet([lap(130_000)]), lapsSet([lap(150_000, 'out'), lap(128_000), lap(126_500), lap(127_000), lap(140_000, 'in')]))
      .then('SELECT jsonb_array_length(laps) AS laps, best_lap_ms, timed_lap_count, average_best_three_ms FROM run_sessions', [
        { laps: 5, best_lap_ms: 126_500, timed_lap_count: 3, average_best_three_ms: 127_167 },
      ]);
  });

  it('holds the fuel left at the end as last set', async () => {
    await spec
      .given(sessionAdded, { type: 'SessionFuelAtEndSet', data: { sessionId: 20, carId: 7, raceEventId: 3, fuelAtEndLitres: 12.5 } }, { type: 'SessionFuelAtEndSet', data: { sessionId: 20, carId: 7, raceEventId: 3, fuelAtEndLitres: null } })
      .then('SELECT fuel_at_end_litres FROM run_sessions', [{ fuel_at_end_litres: null }]);
  });

  it('forgets a removed session', async () => {
    await spec.given(sessionAdded, lapsSet([lap(130_000)]), sessionRemoved).then('SELECT id FROM run_sessions', []);
  });
});

describe('session_usage', { timeout: 60_000 }, () => {
  it('counts every lap of the laps set last, out and in laps too, with their summed time', async () => {
    await spec
      .given(scheduled('7.004 km'), sessionAdded, lapsSet([lap(130_000)]), lapsSet([lap(150_000, 'out'), lap(128_000), lap(140_000, 'in')]))
      .then('SELECT session_id, race_event_id, laps, ms::int AS ms FROM session_usage', [{ session_id: 20, race_event_id: 3, laps: 3, ms: 418_000 }]);
  });

  it("reads a race event's revised track length as km", async () => {
    await spec
      .given(scheduled(null), { type: 'RaceEventTrackLengthSet', data: { raceEventId: 3, carId: 7, trackLength: '7.004 km' } })
      .then('SELECT race_event_id, track_length_km FROM session_usage_tracks', [{ race_event_id: 3, track_length_km: 7.004 }]);
  });

  it('forgets the usage of a removed session', async () => {
    await spec.given(sessionAdded, lapsSet([lap(130_000)]), sessionRemoved).then('SELECT session_id FROM session_usage', []);
  });
});

describe('images', { timeout: 60_000 }, () => {
  it('holds an added image with the moment it was added', async () => {
    await spec
      .given({ type: 'ImageAdded', data: { carId: 7, imageId: 5, raceEventId: 3, url: '/api/images/a.jpg', thumbnailUrl: '/api/images/a-thumb.jpg', caption: 'Grid', description: null }, metadata: { at: '2026-03-21T12:00:00.000Z' } })
      .then('SELECT id, car_id, race_event_id, url, caption, created_at::text FROM images', [{ id: 5, car_id: 7, race_event_id: 3, url: '/api/images/a.jpg', caption: 'Grid', created_at: '2026-03-21 12:00:00+00' }]);
  });

  it('lets every team an upload was made for see it', async () => {
    await spec
      .given({ type: 'ImageUploaded', data: { key: 'img/2026/03/a.jpg', url: '/api/images/img/2026/03/a.jpg', thumbnailUrl: '/api/images/img/2026/03/a-thumb.jpg', contentType: 'image/jpeg', width: 800, height: 600, size: 51_200, teamIds: [2, 4] } })
      .then('SELECT key, team_id, content_type FROM image_uploads ORDER BY team_id', [
        { key: 'img/2026/03/a.jpg', team_id: 2, content_type: 'image/jpeg' },
        { key: 'img/2026/03/a.jpg', team_id: 4, content_type: 'image/jpeg' },
      ]);
  });
});

describe('users', { timeout: 60_000 }, () => {
  const registered: DomainEvent = { type: 'UserRegistered', data: { userId: 5, username: 'marco', passwordHash: '$argon2id$v=19$first', firstName: 'Marco', lastName: null, email: null } };
  const imported: DomainEvent = { type: 'UserImported', data: { userId: 5, teamId: 2 } };

  it('marks an imported account as awaiting its first password from the importing team', async () => {
    await spec.given(registered, imported).then('SELECT id, username, awaits_password_from FROM users', [{ id: 5, username: 'marco', awaits_password_from: 2 }]);
  });

  it("takes an imported account's set password and stops awaiting one", async () => {
    await spec
      .given(registered, imported, { type: 'ImportedUserPasswordSet', data: { userId: 5, teamId: 2, passwordHash: '$argon2id$v=19$second' }, metadata: { at: '2026-03-22T08:00:00.000Z' } })
      .then('SELECT password_hash, awaits_password_from, updated_at::text FROM users', [{ password_hash: '$argon2id$v=19$second', awaits_password_from: null, updated_at: '2026-03-22 08:00:00+00' }]);
  });

  it('forgets a discarded imported account', async () => {
    await spec.given(registered, imported, { type: 'ImportedUserDiscarded', data: { userId: 5, teamId: 2 } }).then('SELECT id FROM users', []);
  });
});
