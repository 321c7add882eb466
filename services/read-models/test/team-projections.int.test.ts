import { describe, it } from 'vitest';
import type { SessionDetails, TireSetDetails } from '@pitwall/contracts';
import type { DomainEvent, SuspensionValue } from '@pitwall/domain';
import { useProjectionSpec, type GivenEvent } from './projection-spec.ts';

/** What the history, tire set and series read models hold after the events a user's actions record, whatever the projector's batches. */
const spec = useProjectionSpec();

const at = '2026-03-21T10:00:00.000Z';

describe('setup_history', { timeout: 60_000 }, () => {
  const teamCreated: DomainEvent = { type: 'TeamCreated', data: { teamId: 2, name: 'Apex Racing', description: null, ownerId: '5', createdAt: at } };
  const memberAdded: DomainEvent = { type: 'MemberAdded', data: { teamId: 2, memberId: 10, userId: '5', role: 'mechanic', memberColor: '#ff6600', displayName: 'Marco', joinedAt: at } };
  const suspensionSet = { type: 'SuspensionSet', data: { carId: 7, raceEventId: null, suspensionId: 1, values: { frontCamber: '-2.8' } as SuspensionValue }, metadata: { userId: 5, teamId: 2 } } as const;

  it('names the actor of a change as they were on the team when they made it', async () => {
    await spec
      .given(teamCreated, memberAdded, suspensionSet, { type: 'MemberUpdated', data: { teamId: 2, memberId: 10, userId: '5', displayName: 'Marco R.', role: 'admin', memberColor: '#0055ff' } })
      .then('SELECT car_id, section, type, actor_user_id, actor_display_name, actor_role, actor_color FROM setup_history', [
        { car_id: 7, section: 'suspension', type: 'SuspensionSet', actor_user_id: 5, actor_display_name: 'Marco', actor_role: 'mechanic', actor_color: '#ff6600' },
      ]);
  });

  it("names a session's driver from the team's members", async () => {
    const details: SessionDetails = {
      name: 'FP1', type: 'practice', startedAt: at, driverMemberId: 10, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null,
    };
    await spec
      .given(teamCreated, memberAdded, { type: 'SessionAdded', data: { sessionId: 20, carId: 7, raceEventId: 3, teamId: 2, details, createdAt: at }, metadata: { userId: 5, teamId: 2 } })
      .then(`SELECT section, race_event_id, value->>'driver' AS driver FROM setup_history`, [{ section: 'sessions', race_event_id: 3, driver: 'Marco' }]);
  });
});

describe('tire_sets', { timeout: 60_000 }, () => {
  const details: TireSetDetails = {
    name: 'Set 5', manufacturer: 'Toyo', compound: 'R888R', size: '205/50 R15', dotCodes: { fl: '2324', fr: null, rl: null, rr: null }, condition: 'new', treadNewMm: 8, treadMinimumMm: 1.5, carId: 7, notes: null,
    earlierHeatCycles: 0, earlierLaps: 0, barcode: null,
  };
  const added = { type: 'TireSetAdded', data: { tireSetId: 13, teamId: 2, details, createdAt: at }, streamName: 'tire-set-13' } as const;
  const measured = (measuredAt: string, fl: number[]): GivenEvent => ({ type: 'TireSetTreadMeasured', data: { tireSetId: 13, teamId: 2, measuredAt, fl, fr: [6.5], rl: [7], rr: [7.1] }, streamName: 'tire-set-13' });
  const chosen = (sessionId: number, tireSetId: number | null): DomainEvent => ({ type: 'SessionTireSetChosen', data: { sessionId, carId: 7, raceEventId: 3, tireSetId } });

  it('shows a revised description (with its earlier use) in place of the first', async () => {
    await spec
      .given(added, { type: 'TireSetRevised', data: { tireSetId: 13, teamId: 2, details: { ...details, condition: 'used', carId: null, earlierHeatCycles: 3, earlierLaps: 40 } }, streamName: 'tire-set-13' })
      .then('SELECT id, team_id, name, condition, car_id, earlier_heat_cycles, earlier_laps FROM tire_sets', [
        { id: 13, team_id: 2, name: 'Set 5', condition: 'used', car_id: null, earlier_heat_cycles: 3, earlier_laps: 40 },
      ]);
  });

  it('keeps every tread measurement in recorded order', async () => {
    await spec
      .given(added, measured('2026-03-21T12:00:00.000Z', [6.2, 5.9, 6.4]), measured('2026-03-22T12:00:00.000Z', [5.1]))
      .then('SELECT tire_set_id, seq, fl FROM tire_set_treads ORDER BY seq', [{ tire_set_id: 13, seq: 1, fl: [6.2, 5.9, 6.4] }, { tire_set_id: 13, seq: 2, fl: [5.1] }]);
  });

  it('forgets a deleted set with its measurements', async () => {
    await spec
      .given(added, measured(at, [6.2]), { type: 'TireSetDeleted', data: { tireSetId: 13, teamId: 2 }, streamName: 'tire-set-13' })
      .then('SELECT (SELECT count(*)::int FROM tire_sets) AS sets, (SELECT count(*)::int FROM tire_set_treads) AS treads', [{ sets: 0, treads: 0 }]);
  });

  it('holds the set each session ran on last, none when it was taken off', async () => {
    await spec.given(chosen(20, 13), chosen(21, 13), chosen(20, 14), chosen(21, null)).then('SELECT session_id, tire_set_id FROM tire_set_sessions', [{ session_id: 20, tire_set_id: 14 }]);
  });

  it("forgets a removed session's set", async () => {
    await spec.given(chosen(20, 13), { type: 'SessionRemoved', data: { sessionId: 20, carId: 7, raceEventId: 3 } }).then('SELECT session_id FROM tire_set_sessions', []);
  });
});

describe('series', { timeout: 60_000 }, () => {
  const created: DomainEvent = { type: 'SeriesCreated', data: { seriesId: 13, name: 'Cup', season: '2026', classes: ['Cup'], organiserId: '9', createdAt: at } };
  const carEntered: DomainEvent = { type: 'CarEntered', data: { seriesId: 13, entryId: 17, teamId: 2, carId: 7, class: 'Cup', number: '27', enteredAt: at } };

  it("keeps a withdrawn entry's number and class, without its team and car", async () => {
    await spec
      .given(created, carEntered, { type: 'EntryWithdrawn', data: { seriesId: 13, entryId: 17, number: '27', class: 'Cup' } })
      .then('SELECT id, team_id, car_id, class, number, withdrawn FROM series_entries', [{ id: 17, team_id: null, car_id: null, class: 'Cup', number: '27', withdrawn: true }]);
  });

  it('forgets a team that left the series', async () => {
    await spec
      .given(created, { type: 'TeamEnteredSeries', data: { seriesId: 13, teamEntryId: 16, teamId: 2, code: 'ABCD', enteredAt: at } }, { type: 'TeamLeftSeries', data: { seriesId: 13, teamId: 2 } })
      .then('SELECT id FROM series_teams', []);
  });

  it('keeps retired scrutineering items, no longer current, beside the current ones in their order', async () => {
    await spec
      .given(
        created,
        { type: 'ScrutineeringItemsSet', data: { seriesId: 13, items: [{ itemId: 18, title: 'Seat' }, { itemId: 19, title: 'Belts' }], retiredItemIds: [] } },
        { type: 'ScrutineeringItemsSet', data: { seriesId: 13, items: [{ itemId: 20, title: 'Fire extinguisher' }, { itemId: 18, title: 'Seat' }], retiredItemIds: [19] } },
      )
      .then('SELECT id, title, position, current FROM scrutineering_items ORDER BY id', [
        { id: 18, title: 'Seat', position: 1, current: true },
        { id: 19, title: 'Belts', position: 1, current: false },
        { id: 20, title: 'Fire extinguisher', position: 0, current: true },
      ]);
  });

  it("holds an item's latest scrutineering result with who recorded it and when", async () => {
    const recorded = (status: 'pass' | 'fail', userId: number, recordedAt: string): GivenEvent =>
      ({ type: 'ScrutineeringRecorded', data: { seriesId: 13, roundId: 14, entryId: 17, results: [{ itemId: 18, status, notes: null }] }, metadata: { userId, at: recordedAt } });
    await spec
      .given(created, recorded('fail', 9, '2026-04-04T08:00:00.000Z'), recorded('pass', 3, '2026-04-04T09:30:00.000Z'))
      .then('SELECT id, status, recorded_by, recorded_at::text FROM scrutineering_results', [{ id: '14:17:18', status: 'pass', recorded_by: '3', recorded_at: '2026-04-04 09:30:00+00' }]);
  });
});
