import { describe, expect, it } from 'vitest';
import { addLapSectorsAndDriver, carDecider, EVENT_SCHEMAS, evolveIssue, foldState, initialIssueState, renameEventId, type CarEvent, type IssueEvent } from '../src/index.ts';

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
  it('lists the five renamed event types at version 2, each with its v1 upcaster, and the run sheet, tire pressure target, part, tyre set, scales and endurance events at version 1', () => {
    const renamed = ['GearRatiosSet', 'ImageAdded', 'IssueRaised', 'SuspensionSet', 'TirePressuresSet'];
    const runSheets = ['SessionAdded', 'SessionDetailsRevised', 'SessionRemoved', 'SessionTirePressuresSet', 'TirePressureTargetsSet',
      'RaceEventTrackLengthSet', 'TeamDistanceUnitChosen', 'PartAdded', 'PartRevised', 'PartFitted', 'PartRemoved', 'PartServiced', 'PartFitDateCorrected', 'PartDeleted',
      'TireSetAdded', 'TireSetRevised', 'TireSetTreadMeasured', 'TireSetDeleted', 'SessionTireSetChosen',
      'CornerWeightsSet', 'SetupSheetSet', 'SessionTireTemperaturesSet', 'TireTemperatureTargetsSet', 'SetupTargetsSet', 'CarGeometrySet', 'TeamMassUnitChosen', 'TeamCrossDiagonalChosen',
      'SessionStintsSet', 'SessionFuelAtEndSet', 'RacePlanSet', 'CarTankCapacitySet', 'TeamChangeEffectThresholdsChosen'];
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...renamed, ...runSheets, 'SessionLapsSet'].sort());
    expect(EVENT_SCHEMAS.SessionLapsSet).toEqual({ version: 2, upcasters: { 1: addLapSectorsAndDriver } });
    for (const type of renamed) expect(EVENT_SCHEMAS[type]).toMatchObject({ version: 2, upcasters: { 1: renameEventId } });
    for (const type of runSheets) expect(EVENT_SCHEMAS[type]).toEqual({ version: 1, upcasters: {} });
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
