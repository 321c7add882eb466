import { describe, expect, it } from 'vitest';
import { createEventVersioning, type NewEvent } from '@pitwall/eventstore';
import { addEarlierTireUse, addTireBarcode, raceEventOneDay, roundEndsOnItsDate, addLapSectorsAndDriver, carDecider, entryNumberAsText, EVENT_SCHEMAS, racePlanSplitEvenly, evolveSeries, initialSeriesState, seriesDecider, tireSetDecider, type SeriesEvent, type TireSetEvent, evolveIssue, foldState, initialIssueState, renameEventId, type CarEvent, type IssueEvent } from '../src/index.ts';

/** What the event store's read path does with a v1 event's data (services/eventstore/src/versioning.ts), step by step. */
function upcastEventData(type: string, fromVersion: number, data: unknown): unknown {
  const schema = EVENT_SCHEMAS[type];
  let out = data;
  for (let v = fromVersion; schema && v < schema.version; v++) out = schema.upcasters[v]!(out as never);
  return out;
}


const details = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const created: CarEvent = { type: 'CarCreated', data: { carId: 7, teamId: 1, details, createdAt: '2026-03-01T10:00:00.000Z' } };
const values = {
  frontRideHeight: '75mm', frontSpringRate: null, frontDamperSetting: null, frontCamber: '-2.5°', frontToe: null, frontAntiRollBar: null,
  rearRideHeight: null, rearSpringRate: null, rearDamperSetting: null, rearCamber: null, rearToe: null, rearAntiRollBar: null, notes: null,
};

/** v1 data as the previous release stored it (with `eventId`), and the v2 event it must equal. */
const v1: { type: string; data: Record<string, unknown>; v2: unknown }[] = [
  { type: 'GearRatiosSet', data: { carId: 7, eventId: 3, rows: [{ id: 1, name: '1st', ratio: '5.087', speedAtMaxRpm: null, notes: null }] }, v2: { carId: 7, raceEventId: 3, rows: [{ id: 1, name: '1st', ratio: '5.087', speedAtMaxRpm: null, notes: null }] } },
  { type: 'SuspensionSet', data: { carId: 7, eventId: null, suspensionId: 4, values }, v2: { carId: 7, raceEventId: null, suspensionId: 4, values } },
  { type: 'TirePressuresSet', data: { carId: 7, eventId: 3, rows: [], notes: 'Toyo' }, v2: { carId: 7, raceEventId: 3, rows: [], notes: 'Toyo' } },
  { type: 'ImageAdded', data: { carId: 7, imageId: 2, eventId: 3, url: '/u', thumbnailUrl: '/t', caption: null, description: null }, v2: { carId: 7, imageId: 2, raceEventId: 3, url: '/u', thumbnailUrl: '/t', caption: null, description: null } },
  {
    type: 'IssueRaised',
    data: { issueId: 9, carId: 7, eventId: 3, title: 'Brakes', description: 'Pedal long', issueType: 'issue', priority: 'high', status: 'open', imageUrl: null, createdAt: '2026-03-21T00:00:00.000Z' },
    v2: { issueId: 9, carId: 7, raceEventId: 3, title: 'Brakes', description: 'Pedal long', issueType: 'issue', priority: 'high', status: 'open', imageUrl: null, createdAt: '2026-03-21T00:00:00.000Z' },
  },
];

describe('EVENT_SCHEMAS (eventId → raceEventId)', () => {
  it('lists exactly the event types whose shape changed, each at its version with an upcaster from every older one; every other type is version 1 by default', () => {
    const renamed = ['GearRatiosSet', 'ImageAdded', 'IssueRaised', 'SuspensionSet', 'TirePressuresSet'];
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...renamed, 'SessionLapsSet', 'CarEntered', 'EntryWithdrawn', 'RacePlanSet', 'TireSetAdded', 'TireSetRevised', 'RoundAdded', 'RaceEventScheduled'].sort());
    expect(EVENT_SCHEMAS.SessionLapsSet).toEqual({ version: 2, upcasters: { 1: addLapSectorsAndDriver } });
    for (const type of renamed) expect(EVENT_SCHEMAS[type]).toMatchObject({ version: 2, upcasters: { 1: renameEventId } });
    const versioning = createEventVersioning(EVENT_SCHEMAS);
    for (const type of ['SessionAdded', 'PitStopLogged', 'TireSetRegistered', 'TeamImportCompleted']) {
      expect(versioning.stamp<NewEvent>({ id: type, type, data: {}, metadata: { userId: 1, teamId: 1, correlationId: 'c', causationId: null, at: '2026-11-29T00:00:00.000Z' } }).metadata.schemaVersion, type).toBe(1);
    }
  });

  it.each(v1)('upcasts v1 $type data to exactly the v2 data', ({ type, data, v2 }) => {
    expect(EVENT_SCHEMAS[type]!.upcasters[1]!(data as never)).toEqual(v2);
    expect(upcastEventData(type, 1, data)).toEqual(v2);
  });

  it('does not mutate the stored data, and leaves current data and unlisted types alone', () => {
    const data = { carId: 7, eventId: 3, rows: [] };
    renameEventId(data);
    expect(data).toEqual({ carId: 7, eventId: 3, rows: [] });
    expect(upcastEventData('GearRatiosSet', 2, { carId: 7, raceEventId: 3, rows: [] })).toEqual({ carId: 7, raceEventId: 3, rows: [] });
    expect(upcastEventData('CarCreated', 1, created.data)).toBe(created.data);
  });

  it('reads v1 data without any race event reference as the baseline (raceEventId null)', () => {
    expect(renameEventId({ carId: 7, rows: [] })).toEqual({ carId: 7, rows: [], raceEventId: null });
  });

  it('a v1 car stream upcast then folded equals the same stream written as v2', () => {
    const carV1 = v1.filter((e) => ['GearRatiosSet', 'SuspensionSet', 'TirePressuresSet', 'ImageAdded'].includes(e.type));
    const upcast = carV1.map((e) => ({ type: e.type, data: upcastEventData(e.type, 1, e.data) }) as CarEvent);
    const written = carV1.map((e) => ({ type: e.type, data: e.v2 }) as CarEvent);
    const [a, b] = [foldState(carDecider, [created, ...upcast]), foldState(carDecider, [created, ...written])];
    expect(a).toEqual(b);
    expect(a.status === 'active' && a.gearRatios.get(3)).toHaveLength(1);
  });

  it('a v1 IssueRaised upcast then folded equals the v2 event folded', () => {
    const issue = v1.find((e) => e.type === 'IssueRaised')!;
    const fold = (data: unknown) => evolveIssue(initialIssueState, { type: 'IssueRaised', data } as IssueEvent);
    expect(fold(upcastEventData('IssueRaised', 1, issue.data))).toEqual(fold(issue.v2));
  });
});

describe('SessionLapsSet v1 → v2 (sector times and the driver per lap)', () => {
  const v1Data = { sessionId: 4, carId: 7, raceEventId: 3, laps: [{ lapTimeMs: 115_000, kind: 'out' }, { lapTimeMs: 102_318, kind: 'timed' }] };

  it('gives every lap of a v1 event no sectors and no driver, without touching the stored data', () => {
    expect(upcastEventData('SessionLapsSet', 1, v1Data)).toEqual({
      sessionId: 4, carId: 7, raceEventId: 3,
      laps: [{ lapTimeMs: 115_000, kind: 'out', sectorsMs: [], driverName: null }, { lapTimeMs: 102_318, kind: 'timed', sectorsMs: [], driverName: null }],
    });
    expect(v1Data.laps[0]).toEqual({ lapTimeMs: 115_000, kind: 'out' });
    const v2 = { ...v1Data, laps: [{ lapTimeMs: 102_318, kind: 'timed', sectorsMs: [34_000, 34_000, 34_318], driverName: 'Aiko' }] };
    expect(upcastEventData('SessionLapsSet', 2, v2)).toBe(v2);
  });
});

describe('CarEntered and EntryWithdrawn v1 → v2 (entry numbers as text)', () => {
  const at = '2026-03-21T10:00:00.000Z';
  const v1Entered = { seriesId: 1, entryId: 31, teamId: 3, carId: 7, class: 'Cup', number: 7, enteredAt: at };

  it('reads a v1 integer number as its digits, without touching the stored data, and leaves v2 data alone', () => {
    expect(EVENT_SCHEMAS.CarEntered).toEqual({ version: 2, upcasters: { 1: entryNumberAsText } });
    expect(EVENT_SCHEMAS.EntryWithdrawn).toEqual({ version: 2, upcasters: { 1: entryNumberAsText } });
    expect(upcastEventData('CarEntered', 1, v1Entered)).toEqual({ ...v1Entered, number: '7' });
    expect(upcastEventData('EntryWithdrawn', 1, { seriesId: 1, entryId: 31, number: 27, class: 'Cup' })).toEqual({ seriesId: 1, entryId: 31, number: '27', class: 'Cup' });
    expect(v1Entered.number).toBe(7);
    const v2 = { ...v1Entered, number: '007' };
    expect(upcastEventData('CarEntered', 2, v2)).toBe(v2);
  });

  it('a v1 entry #7 upcast still holds number "7" but leaves "007" free', () => {
    const events = [
      { type: 'SeriesCreated', data: { seriesId: 1, name: 'Cup', season: '2026', classes: ['Cup'], organiserId: '9', createdAt: at } },
      { type: 'TeamEnteredSeries', data: { seriesId: 1, teamEntryId: 41, teamId: 3, code: 'K7QX2M9P', enteredAt: at } },
      { type: 'CarEntered', data: upcastEventData('CarEntered', 1, v1Entered) },
    ] as SeriesEvent[];
    const state = events.reduce(evolveSeries, initialSeriesState);
    const enter = (number: string) => seriesDecider.decide({ type: 'EnterCar', data: { actorTeams: [{ teamId: 3, role: 'owner' }], entryId: 32, teamId: 3, carId: 8, class: 'Cup', number, now: at } }, state);
    expect(() => enter('7')).toThrow(/^number: Number 7 is already taken/);
    expect(enter('007')).toMatchObject([{ type: 'CarEntered', data: { number: '007' } }]);
  });
});

describe('RacePlanSet v1 → v2 (the plan that races)', () => {
  const v1 = {
    raceEventId: 3, carId: 1,
    plan: { raceMinutes: 360, raceLaps: null, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, minStopMs: 60_000, driverMemberIds: [5, 6], rules: { minDriverMinutes: null, maxDriverMinutes: null, maxStintMinutes: null } },
  };

  it('reads a v1 plan as split evenly (how it was planned when saved), without touching the stored data, and leaves v2 data alone', () => {
    expect(EVENT_SCHEMAS.RacePlanSet).toEqual({ version: 2, upcasters: { 1: racePlanSplitEvenly } });
    expect(upcastEventData('RacePlanSet', 1, v1)).toEqual({ ...v1, plan: { ...v1.plan, stintSplit: 'even' } });
    expect(v1.plan).not.toHaveProperty('stintSplit');
    const v2 = { ...v1, plan: { ...v1.plan, stintSplit: 'full-tanks' } };
    expect(upcastEventData('RacePlanSet', 2, v2)).toBe(v2);
  });
});

describe('TireSetAdded and TireSetRevised v1 → v2 (earlier heat cycles and laps of a set)', () => {
  const at = '2026-03-21T10:00:00.000Z';
  /** A set's details as v1 stored them: no earlier use. */
  const v1Details = { name: 'Set 2', manufacturer: 'Toyo', compound: 'Proxes RR', size: '225/45ZR17', dotCodes: { fl: '4825', fr: '4825', rl: '4825', rr: '4825' }, condition: 'used', treadNewMm: 7.1, treadMinimumMm: 1.6, carId: 7, notes: null };
  const v1Added = { tireSetId: 5, teamId: 2, details: v1Details, createdAt: at };

  it('reads a v1 set as one without earlier use (0 heat cycles, 0 laps), without touching the stored data, and leaves v2 data alone', () => {
    expect(EVENT_SCHEMAS.TireSetAdded).toEqual({ version: 3, upcasters: { 1: addEarlierTireUse, 2: addTireBarcode } });
    expect(EVENT_SCHEMAS.TireSetRevised).toEqual({ version: 3, upcasters: { 1: addEarlierTireUse, 2: addTireBarcode } });
    expect(upcastEventData('TireSetAdded', 1, v1Added)).toEqual({ ...v1Added, details: { ...v1Details, earlierHeatCycles: 0, earlierLaps: 0, barcode: null } });
    expect(upcastEventData('TireSetRevised', 1, { tireSetId: 5, teamId: 2, details: { ...v1Details, condition: 'scrapped' } })).toEqual({
      tireSetId: 5, teamId: 2, details: { ...v1Details, condition: 'scrapped', earlierHeatCycles: 0, earlierLaps: 0, barcode: null },
    });
    expect(v1Added.details).not.toHaveProperty('earlierHeatCycles');
  });

  it('reads a v2 set as one without a barcode (v2 → v3), without touching the stored data, and leaves v3 data alone', () => {
    const v2 = { ...v1Added, details: { ...v1Details, earlierHeatCycles: 3, earlierLaps: 40 } };
    expect(upcastEventData('TireSetAdded', 2, v2)).toEqual({ ...v2, details: { ...v2.details, barcode: null } });
    expect(upcastEventData('TireSetRevised', 2, { tireSetId: 5, teamId: 2, details: v2.details })).toEqual({ tireSetId: 5, teamId: 2, details: { ...v2.details, barcode: null } });
    expect(v2.details).not.toHaveProperty('barcode');
    const v3 = { ...v2, details: { ...v2.details, barcode: 'P0-48213' } };
    expect(upcastEventData('TireSetAdded', 3, v3)).toBe(v3);
  });

  it('a v1 set upcast takes its earlier use in a revision, and revising it to no earlier use changes nothing', () => {
    const state = ([{ type: 'TireSetAdded', data: upcastEventData('TireSetAdded', 1, v1Added) }] as TireSetEvent[]).reduce(tireSetDecider.evolve, tireSetDecider.initialState);
    expect(tireSetDecider.decide({ type: 'ReviseTireSet', data: { earlierHeatCycles: 0, earlierLaps: 0 } }, state)).toEqual([]);
    expect(tireSetDecider.decide({ type: 'ReviseTireSet', data: { earlierHeatCycles: 3, earlierLaps: 40 } }, state)).toMatchObject([{ type: 'TireSetRevised', data: { details: { name: 'Set 2', earlierHeatCycles: 3, earlierLaps: 40 } } }]);
  });
});

describe('RoundAdded and RaceEventScheduled v1 → v2 (rounds and race events over several days)', () => {
  const v1Round = { seriesId: 1, roundId: 11, name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12' };
  const v1RaceEvent = { raceEventId: 3, carId: 7, teamId: 2, name: 'Round 1', location: 'Laguna Seca', date: '2026-03-21T00:00:00.000Z', trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-01T00:00:00.000Z' };

  it('reads a v1 round as ending the day it starts and a v1 race event as one day, without touching the stored data, and leaves v2 data alone', () => {
    expect(EVENT_SCHEMAS.RoundAdded).toEqual({ version: 2, upcasters: { 1: roundEndsOnItsDate } });
    expect(EVENT_SCHEMAS.RaceEventScheduled).toEqual({ version: 2, upcasters: { 1: raceEventOneDay } });
    expect(upcastEventData('RoundAdded', 1, v1Round)).toEqual({ ...v1Round, endsOn: '2026-04-12' });
    expect(upcastEventData('RaceEventScheduled', 1, v1RaceEvent)).toEqual({ ...v1RaceEvent, endsOn: null });
    expect(v1Round).not.toHaveProperty('endsOn');
    expect(v1RaceEvent).not.toHaveProperty('endsOn');
    const v2 = { ...v1Round, endsOn: '2026-04-13' };
    expect(upcastEventData('RoundAdded', 2, v2)).toBe(v2);
  });

  it('a v1 round upcast takes a timetable on its one day only', () => {
    const at = '2026-03-21T10:00:00.000Z';
    const events = [
      { type: 'SeriesCreated', data: { seriesId: 1, name: 'Cup', season: '2026', classes: ['Cup'], organiserId: '9', createdAt: at } },
      { type: 'RoundAdded', data: upcastEventData('RoundAdded', 1, v1Round) },
    ] as SeriesEvent[];
    const state = events.reduce(evolveSeries, initialSeriesState);
    const publish = (startsAt: string) =>
      seriesDecider.decide({ type: 'SetTimetable', data: { actorUserId: 9, roundId: 11, sessions: [{ name: 'Race', type: 'race', startsAt, durationMinutes: 40 }], newSessionIds: [21] } }, state);
    expect(publish('2026-04-12T14:00:00-07:00')).toMatchObject([{ type: 'TimetableSet', data: { sessions: [{ id: 21, name: 'Race' }] } }]);
    expect(() => publish('2026-04-13T09:00:00-07:00')).toThrow('sessions row 1 startsAt: Race must start on a day of the round (on 2026-04-12)');
  });
});
