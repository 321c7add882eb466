import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CarClass, ChecklistPriority, CrossDiagonal, DistanceUnit, FeedbackTag, IssuePriority, IssueStatus, IssueType, LapKind, MAINTENANCE_ITEMS, MassUnit, PartCategory, PressureUnit, RESULT_STATUSES, Role, ScrutineeringStatus, SessionType, TemperatureUnit,
  type ColdPressures, type HotPressures, type PartDetails, type RacePlanInput, type StintValue, type PitStopValue, type SessionDetails, type TireSetDetails, type TirePressureTargets, TireSetCondition,
} from '@pitwall/contracts';
import { EVENT_SCHEMAS, SETUP_SHEET_FIELDS, type SetupSheetValue, type CarDetails, type DomainEvent, type DomainEventType, type SuspensionValue } from '@pitwall/domain';
import { createPostgresEventStore, formatPosition, migrateEventStore, openPgliteDatabase, type Database, type EventStore, type Position } from '@pitwall/eventstore';
import { allProjections, listParked, migrateReadModels, parkedCounts, parkedNotes, Projector } from '../src/index.ts';

/**
 * The projector survives ANY event its types allow: arbitrary events of every domain type, with
 * extreme values (dates of year 0 and year 275760, ids beyond PostgreSQL's integer, huge and tiny
 * numbers, empty, quoted, emoji and 10,000-character strings; no NUL, which no JSON text column
 * stores), in batches of any size. After each run every event is applied or parked (the stream
 * revisions, which take every event, show each one not parked there), later events still project,
 * and the parked counts (what /readyz reports) match the parked events.
 */

// Ids: a few shared ones (events meet on the same rows), the limits of PostgreSQL's integer and of
// JS, and anything else; never the sentinel range.
const SENTINEL_BASE = 1_500_000_000;
const id = fc.oneof(
  fc.integer({ min: 1, max: 4 }),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  fc.integer().filter((n) => n < SENTINEL_BASE || n > SENTINEL_BASE + 10_000),
);
const noNul = (s: string) => !s.includes('\u0000');
const text = fc.oneof(
  fc.constantFrom('', ' ', "O'Brien", 'a\\b', '€', '😀🏁', 'é'.repeat(10_000), '$1', 'NULL', '\u200b'),
  fc.string({ unit: 'grapheme', maxLength: 40 }).filter(noNul),
  fc.string({ maxLength: 20 }).filter(noNul),
);
const optText = fc.option(text, { nil: null });
const date = fc.oneof(
  fc.constantFrom('0000-01-01T00:00:00Z', '0000-01-01', '-000001-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2026-02-30'),
  fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
);
const optDate = fc.option(date, { nil: null });
const num = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(0, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER));
const optNum = fc.option(num, { nil: null });
const of = <T extends string>(values: readonly T[]) => fc.constantFrom(...values);

const carDetails: fc.Arbitrary<CarDetails> = fc.record({ name: text, makeModel: text, year: num, engine: optText, transmission: optText, weight: optText, power: optText, color: text, carClass: of(CarClass.options) });
const suspension: fc.Arbitrary<SuspensionValue> = fc.record({
  frontRideHeight: optText, frontSpringRate: optText, frontDamperSetting: optText, frontCamber: optText, frontToe: optText, frontAntiRollBar: optText,
  rearRideHeight: optText, rearSpringRate: optText, rearDamperSetting: optText, rearCamber: optText, rearToe: optText, rearAntiRollBar: optText, notes: optText,
});
const targets: fc.Arbitrary<TirePressureTargets> = fc.record({ front: optNum, rear: optNum, fl: optNum, fr: optNum, rl: optNum, rr: optNum });
const corners = fc.record({ fl: optNum, fr: optNum, rl: optNum, rr: optNum });
const cornerWeights = fc.record({ fl: optNum, fr: optNum, rl: optNum, rr: optNum, driverIn: fc.option(fc.boolean(), { nil: null }), driverKg: optNum, fuelLitres: optNum, ballastKg: optNum, ballastPosition: optText, notes: optText });
const cold: fc.Arbitrary<ColdPressures> = fc.record({ fl: num, fr: num, rl: num, rr: num, tempC: num });
const tread = fc.record({ innerC: num, middleC: num, outerC: num });
const hot: fc.Arbitrary<HotPressures> = fc.record({ fl: num, fr: num, rl: num, rr: num });
const sessionDetails: fc.Arbitrary<SessionDetails> = fc.record({
  name: text, type: of(SessionType.options), startedAt: date, driverMemberId: fc.option(id, { nil: null }), airTempC: optNum, trackTempC: optNum,
  weather: optText, tireSet: optText, fuelLitres: optNum, notes: optText, feedbackTags: fc.uniqueArray(of(FeedbackTag.options)), feedbackText: optText,
});
const optId = fc.option(id, { nil: null });
const tireSetDetails: fc.Arbitrary<TireSetDetails> = fc.record({
  name: text, manufacturer: optText, compound: optText, size: optText, dotCodes: fc.record({ fl: optText, fr: optText, rl: optText, rr: optText }),
  condition: of(TireSetCondition.options), treadNewMm: optNum, treadMinimumMm: optNum, carId: fc.option(id, { nil: null }), notes: optText,
  earlierHeatCycles: fc.nat({ max: 100 }), earlierLaps: fc.nat({ max: 5000 }), barcode: fc.option(fc.stringMatching(/^[A-Z0-9-]{4,40}$/), { nil: null }),
});
const depths = fc.array(num, { maxLength: 4 });
const partDetails: fc.Arbitrary<PartDetails> = fc.record({
  name: text, category: of(PartCategory.options), partNumber: optText, serialNumber: optText, notes: optText,
  limits: fc.record({ km: optNum, hours: optNum, laps: optNum, expiresOn: optDate }), usedBefore: fc.record({ km: num, hours: num, laps: num }),
});

const pitStop: fc.Arbitrary<PitStopValue> = fc.record({ stopId: id, inLap: num, stopMs: optNum, fuelAddedLitres: optNum, tireSetId: optId, driverMemberId: optId, at: fc.option(date, { nil: null }), notes: optText });
const stint: fc.Arbitrary<StintValue> = fc.record({ driverMemberId: id, fromLap: num, toLap: num, fuelAddedLitres: num, pitStopMs: num, tireSetId: optId, notes: optText });
const racePlan: fc.Arbitrary<RacePlanInput> = fc.record({
  raceMinutes: optNum, raceLaps: optNum, lapTimeMs: optNum, fuelPerLapLitres: optNum, tankLitres: optNum, marginPercent: num, minStopMs: optNum, stintSplit: of(['full-tanks', 'even'] as const),
  driverMemberIds: fc.array(id, { maxLength: 5 }), rules: fc.record({ minDriverMinutes: optNum, maxDriverMinutes: optNum, maxStintMinutes: optNum }),
});

/** The data of every domain event type: the mapped type makes the compiler hold each to its event's shape, and to every type. */
type DataOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];
const eventData: { [T in DomainEventType]: fc.Arbitrary<DataOf<T>> } = {
  CarCreated: fc.record({ carId: id, teamId: id, details: carDetails, createdAt: date }),
  CarDetailsUpdated: fc.record({ carId: id, details: carDetails }),
  TuningLinkSet: fc.record({ carId: id, tuningFileUrl: optText }),
  MaintenanceRecorded: fc.record({ carId: id, item: of(MAINTENANCE_ITEMS.map((i) => i.field)), date: optDate }),
  GearRatiosSet: fc.record({ carId: id, raceEventId: optId, rows: fc.array(fc.record({ id, name: text, ratio: text, speedAtMaxRpm: optText, notes: optText }), { maxLength: 4 }) }),
  SuspensionSet: fc.record({ carId: id, raceEventId: optId, suspensionId: id, values: suspension }),
  TirePressuresSet: fc.record({ carId: id, raceEventId: optId, rows: fc.array(fc.record({ id, condition: text, frontLeft: text, frontRight: text, rearLeft: text, rearRight: text }), { maxLength: 3 }), notes: optText }),
  TirePressureTargetsSet: fc.record({ carId: id, targets }),
  TireTemperatureTargetsSet: fc.record({ carId: id, targets: fc.record({ spreadMinC: num, spreadMaxC: num, middleToleranceC: num }) }),
  ChecklistItemAdded: fc.record({ carId: id, itemId: id, title: text, description: optText, priority: of(ChecklistPriority.options) }),
  ChecklistItemCompleted: fc.record({ carId: id, itemId: id }),
  ChecklistItemReopened: fc.record({ carId: id, itemId: id }),
  ChecklistItemRemoved: fc.record({ carId: id, itemId: id }),
  ImageAdded: fc.record({ carId: id, imageId: id, raceEventId: optId, url: text, thumbnailUrl: text, caption: optText, description: optText }),
  TeamCreated: fc.record({ teamId: id, name: text, description: optText, ownerId: text, createdAt: date }),
  MemberAdded: fc.record({ teamId: id, memberId: id, userId: text, role: of(Role.options), memberColor: text, displayName: optText, joinedAt: date }),
  MemberUpdated: fc.record({ teamId: id, memberId: id, userId: text, displayName: optText, role: of(Role.options), memberColor: text }),
  MemberDeactivated: fc.record({ teamId: id, memberId: id, userId: text }),
  MemberReactivated: fc.record({ teamId: id, memberId: id, userId: text }),
  MemberRemoved: fc.record({ teamId: id, memberId: id, userId: text }),
  TeamDeleted: fc.record({ teamId: id }),
  TeamUnitsChosen: fc.record({ teamId: id, pressureUnit: of(PressureUnit.options), temperatureUnit: of(TemperatureUnit.options) }),
  UserRegistered: fc.record({ userId: id, username: text, passwordHash: text, firstName: optText, lastName: optText, email: optText }),
  UsernameClaimed: fc.record({ username: text, userId: id }),
  UserImported: fc.record({ userId: id, teamId: id }),
  ImportedUserPasswordSet: fc.record({ userId: id, teamId: id, passwordHash: text }),
  ImportedUserDiscarded: fc.record({ userId: id, teamId: id }),
  UsernameReleased: fc.record({ username: text, userId: id }),
  TeamImportStarted: fc.record({ teamId: id, ownerId: fc.nat().map(String) }),
  TeamImportImagesStored: fc.record({ teamId: id, keys: fc.array(text, { maxLength: 3 }) }),
  TeamImportCompleted: fc.record({ teamId: id }),
  TeamImportAbandoned: fc.record({ teamId: id }),
  RaceEventScheduled: fc.record({
    raceEventId: id, carId: id, teamId: id, name: text, location: text, date, endsOn: fc.constant(null), trackLength: optText, weather: optText, notes: optText, profileImageUrl: optText, timetableImageUrl: optText, createdAt: date,
  }),
  FinalDriveSet: fc.record({ raceEventId: id, carId: id, finalDriveRatio: text, finalDriveNotes: optText }),
  RaceEventImagesSet: fc.record({ raceEventId: id, carId: id, profileImageUrl: optText, timetableImageUrl: optText }),
  IssueRaised: fc.record({
    issueId: id, carId: id, raceEventId: optId, title: text, description: text, issueType: of(IssueType.options), priority: of(IssuePriority.options), status: of(IssueStatus.options), imageUrl: optText, createdAt: date,
  }),
  IssueStatusChanged: fc.record({ issueId: id, carId: id, from: of(IssueStatus.options), to: of(IssueStatus.options) }),
  SessionAdded: fc.record({ sessionId: id, carId: id, raceEventId: id, teamId: id, details: sessionDetails, createdAt: date }),
  SessionDetailsRevised: fc.record({ sessionId: id, carId: id, raceEventId: id, details: sessionDetails }),
  SessionLapsSet: fc.record({ sessionId: id, carId: id, raceEventId: id, laps: fc.array(fc.record({ lapTimeMs: num, kind: of(LapKind.options), sectorsMs: fc.array(num, { maxLength: 6 }), driverName: optText }), { maxLength: 5 }) }),
  SessionTireTemperaturesSet: fc.record({
    sessionId: id, carId: id, raceEventId: id,
    readings: fc.array(fc.record({ stint: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), measuredAt: fc.option(date, { nil: null }), corners: fc.record({ fl: tread, fr: tread, rl: tread, rr: tread }) }), { maxLength: 3 }),
  }),
  SessionTirePressuresSet: fc.record({ sessionId: id, carId: id, raceEventId: id, cold: fc.option(cold, { nil: null }), hot: fc.option(hot, { nil: null }) }),
  SessionRemoved: fc.record({ sessionId: id, carId: id, raceEventId: id }),
  RaceEventTrackLengthSet: fc.record({ raceEventId: id, carId: id, trackLength: optText }),
  TeamDistanceUnitChosen: fc.record({ teamId: id, distanceUnit: of(DistanceUnit.options) }),
  TeamMassUnitChosen: fc.record({ teamId: id, massUnit: of(MassUnit.options) }),
  TeamCrossDiagonalChosen: fc.record({ teamId: id, crossDiagonal: of(CrossDiagonal.options) }),
  TeamChangeEffectThresholdsChosen: fc.record({ teamId: id, tireLaps: fc.integer({ min: 0, max: 100 }), trackTempC: fc.double({ min: 0, max: 50, noNaN: true }) }),
  CornerWeightsSet: fc.record({ carId: id, raceEventId: optId, values: cornerWeights }),
  SetupSheetSet: fc.record({ carId: id, raceEventId: optId, values: fc.record(Object.fromEntries(SETUP_SHEET_FIELDS.map((f) => [f, fc.oneof(optNum, optText)]))) as fc.Arbitrary<SetupSheetValue> }),
  SetupTargetsSet: fc.record({ carId: id, targets: fc.record({ crossPercent: optNum, frontPercent: optNum }) }),
  CarTankCapacitySet: fc.record({ carId: id, tankLitres: optNum }),
  CarGeometrySet: fc.record({ carId: id, geometry: fc.record({ wheelbaseMm: optNum, motionRatio: fc.record({ front: optNum, rear: optNum }), unsprungKg: corners }) }),
  PartAdded: fc.record({ partId: id, teamId: id, details: partDetails, createdAt: date }),
  PartRevised: fc.record({ partId: id, teamId: id, details: partDetails }),
  PartFitted: fc.record({ partId: id, teamId: id, name: text, carId: id, at: date }),
  PartRemoved: fc.record({ partId: id, teamId: id, name: text, carId: id, at: date }),
  PartServiced: fc.record({ partId: id, teamId: id, carId: optId, at: date, notes: text, resetsLife: fc.boolean() }),
  PartFitDateCorrected: fc.record({ partId: id, teamId: id, carId: id, name: text, from: date, at: date }),
  PartDeleted: fc.record({ partId: id, teamId: id }),
  TireSetAdded: fc.record({ tireSetId: id, teamId: id, details: tireSetDetails, createdAt: date }),
  TireSetRevised: fc.record({ tireSetId: id, teamId: id, details: tireSetDetails }),
  TireSetTreadMeasured: fc.record({ tireSetId: id, teamId: id, measuredAt: date, fl: depths, fr: depths, rl: depths, rr: depths }),
  TireSetDeleted: fc.record({ tireSetId: id, teamId: id }),
  SessionTireSetChosen: fc.record({ sessionId: id, carId: id, raceEventId: id, tireSetId: optId }),
  SessionStintsSet: fc.record({ sessionId: id, carId: id, raceEventId: id, stints: fc.array(stint, { maxLength: 4 }) }),
  SessionFuelAtEndSet: fc.record({ sessionId: id, carId: id, raceEventId: id, fuelAtEndLitres: optNum }),
  PitStopLogged: fc.record({ sessionId: id, carId: id, raceEventId: id, stop: pitStop }),
  PitStopRevised: fc.record({ sessionId: id, carId: id, raceEventId: id, stop: pitStop }),
  PitStopRemoved: fc.record({ sessionId: id, carId: id, raceEventId: id, stopId: id }),
  RacePlanSet: fc.record({ raceEventId: id, carId: id, plan: racePlan }),
  ImageUploaded: fc.record({ key: text, url: text, thumbnailUrl: text, contentType: text, width: num, height: num, size: num, teamIds: fc.array(id, { maxLength: 3 }) }),
  SeriesCreated: fc.record({ seriesId: id, name: text, season: text, classes: fc.array(text, { maxLength: 3 }), organiserId: text, createdAt: date }),
  RoundAdded: fc.record({ seriesId: id, roundId: id, name: text, location: text, date, endsOn: date }),
  JoinCodeIssued: fc.record({ seriesId: id, joinCodeId: id, code: text, issuedAt: date, expiresAt: date }),
  TeamEnteredSeries: fc.record({ seriesId: id, teamEntryId: id, teamId: id, code: text, enteredAt: date }),
  CarEntered: fc.record({ seriesId: id, entryId: id, teamId: id, carId: id, class: text, number: text, enteredAt: date }),
  EntryWithdrawn: fc.record({ seriesId: id, entryId: id, number: text, class: text }),
  TeamLeftSeries: fc.record({ seriesId: id, teamId: id }),
  ScrutineeringItemsSet: fc.record({ seriesId: id, items: fc.array(fc.record({ itemId: id, title: text }), { maxLength: 3 }), retiredItemIds: fc.array(id, { maxLength: 3 }) }),
  ScrutineeringRecorded: fc.record({ seriesId: id, roundId: id, entryId: id, results: fc.array(fc.record({ itemId: id, status: of(ScrutineeringStatus.options), notes: optText }), { maxLength: 3 }) }),
  RoundResultsSet: fc.record({
    seriesId: id, roundId: id,
    results: fc.array(fc.record({ entryId: id, number: text, class: text, position: num, laps: num, bestLapMs: optNum, status: of(RESULT_STATUSES), pole: fc.boolean() }), { maxLength: 3 }),
  }),
  PointsTableSet: fc.record({ seriesId: id, points: fc.array(num, { maxLength: 3 }), polePoints: num }),
  TimetableSet: fc.record({
    seriesId: id, roundId: id,
    sessions: fc.array(fc.record({ id, name: text, type: of(['test', 'practice', 'qualifying', 'race'] as const), startsAt: date, durationMinutes: num }), { maxLength: 3 }),
    changes: fc.array(fc.record({ kind: of(['added', 'removed', 'moved', 'resized', 'renamed', 'retyped'] as const), sessionId: id, name: text, from: fc.option(fc.oneof(text, num), { nil: null }), to: fc.option(fc.oneof(text, num), { nil: null }) }), { maxLength: 3 }),
  }),
  RoundRaceEventLinked: fc.record({ seriesId: id, roundId: id, entryId: id, raceEventId: id, created: fc.boolean() }),
  RaceEventRoundLinked: fc.record({ raceEventId: id, carId: id, seriesId: id, roundId: id, entryId: id }),
  TimetableSessionsLinked: fc.record({ raceEventId: id, carId: id, sessions: fc.array(fc.record({ timetableSessionId: id, sessionId: id }), { maxLength: 3 }) }),
  BopSet: fc.record({ seriesId: id, roundId: id, entryId: id, ballastKg: num, restrictorMm: optNum, minWeightKg: optNum, notes: optText }),
  TireAllocationSet: fc.record({ seriesId: id, roundId: id, setsPerCar: fc.integer({ min: 1, max: 40 }), compound: text }),
  TireSetRegistered: fc.record({ seriesId: id, roundId: id, entryId: id, tireSetId: id, barcode: text, registeredAt: date }),
  TireSetUnregistered: fc.record({ seriesId: id, roundId: id, entryId: id, barcode: text }),
};

/** An arbitrary event of any type, with the stream it is appended to and its metadata (actor ids and time extreme too). */
const anyEvent = fc.record({
  event: fc.oneof(...(Object.keys(eventData) as DomainEventType[]).map((type) => (eventData[type] as fc.Arbitrary<DataOf<typeof type>>).map((data) => ({ type, data }) as DomainEvent))),
  stream: fc.constantFrom('prop-a', 'prop-b', 'prop-c'),
  metadata: fc.record({ userId: fc.option(id, { nil: null }), teamId: fc.option(id, { nil: null }), correlationId: text, causationId: fc.constant(null), at: date }),
});

describe('the projector survives any event of the domain types', () => {
  let db: Database;
  let store: EventStore;
  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await migrateEventStore(db);
    await db.transaction((tx) => migrateReadModels(tx, allProjections));
    store = createPostgresEventStore(db, { schemas: EVENT_SCHEMAS });
  });
  afterAll(() => db.close());

  it('applies or parks every event, keeps projecting later events, and counts the parked ones', async () => {
    let sentinel = SENTINEL_BASE;
    const appended: { stream: string; streamPosition: number; position: Position; type: string }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(anyEvent, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 30 }), async (events, batchSize) => {
        for (const { event, stream, metadata } of events) {
          const result = await store.appendToStream(stream, [{ id: randomUUID(), type: event.type, data: event.data, metadata }], { expectedRevision: 'any' });
          appended.push({ stream, streamPosition: result.nextExpectedRevision, position: result.position, type: event.type });
        }
        // A later, ordinary event: a car of its own.
        sentinel++;
        await store.appendToStream(`car-${sentinel}`, [{ id: randomUUID(), type: 'CarCreated', data: { carId: sentinel, teamId: 1, details: { name: `Sentinel ${sentinel}`, makeModel: 'Mazda MX-5', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' }, createdAt: '2026-03-01T10:00:00.000Z' }, metadata: { userId: 1, teamId: 1, correlationId: 'sentinel', causationId: null, at: '2026-03-01T10:00:00.000Z' } }], { expectedRevision: 'no_stream' });

        const projector = new Projector({ store, db, projections: allProjections, batchSize });
        await projector.catchUp(); // never rejects: an event that cannot be applied is parked
        expect(projector.position).toEqual(await store.headPosition());
        expect((await db.query('SELECT name FROM cars WHERE id = $1', [sentinel])).rows).toEqual([{ name: `Sentinel ${sentinel}` }]);

        const parked = await listParked(db, 'read-models');
        // Every parked event is one of the arbitrary ones, parked by a projection that handles its type, for a data error or the projection's own exception.
        const known = new Map(appended.map((a) => [formatPosition(a.position), a]));
        for (const p of parked) {
          expect(known.get(p.position)?.type, p.position).toBe(p.type);
          const projection = allProjections.find((q) => q.name === p.projection)!;
          expect(projection.canHandle === 'all' || projection.canHandle.includes(p.type as DomainEventType)).toBe(true);
          expect(p.errorCode === null || /^(22|23|54)/.test(p.errorCode)).toBe(true);
        }
        // Applied or parked: the stream revisions take every event; each one not parked there is counted.
        const revisions = new Map((await db.query<{ stream_name: string; revision: number }>('SELECT stream_name, revision FROM stream_revisions')).rows.map((r) => [r.stream_name, Number(r.revision)]));
        const parkedRevisions = new Set(parked.filter((p) => p.projection === 'stream_revisions').map((p) => p.position));
        for (const a of appended) if (!parkedRevisions.has(formatPosition(a.position))) expect(revisions.get(a.stream)).toBeGreaterThanOrEqual(a.streamPosition);
        // What /readyz reports.
        const counts = await parkedCounts(db, 'read-models');
        const byProjection: Record<string, number> = {};
        for (const p of parked) byProjection[p.projection] = (byProjection[p.projection] ?? 0) + 1;
        expect(counts).toEqual(byProjection);
        expect(parkedNotes(counts)).toHaveLength(Object.keys(byProjection).length);
      }),
      { numRuns: 40 },
    );
    // The extreme values did meet data errors somewhere (the property is not vacuous).
    expect((await listParked(db, 'read-models')).length).toBeGreaterThan(0);
  }, 300_000);
});
