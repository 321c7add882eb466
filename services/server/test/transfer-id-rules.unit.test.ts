import { describe, expect, it } from 'vitest';
import { blankSetupSheet, type CarDetails, type DomainEvent, type DomainEventType, type SuspensionValue } from '@pitwall/domain';
import type { PartDetails, SessionDetails, TireSetDetails } from '@pitwall/contracts';
import { mapIds, streamIdOf, UnmappedIdError } from '../src/transfer/id-rules.ts';
import { ACCOUNT_TYPES } from '../src/transfer/export-team.ts';
import { KNOWN_EVENT_TYPES } from '../src/transfer/import-team.ts';

/**
 * The id rules of team import cover every domain event type: the mapped type below needs a sample
 * of each (a new event type does not compile until it has one), and each sample's ids must all be
 * found by the rules, with no id-like field left over, and the type must be one the importer knows.
 */

type DataOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['data'];
const at = '2026-03-21T09:00:00.000Z';
const car: CarDetails = { name: 'MX-5 #27', makeModel: 'Mazda MX-5', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' };
const suspension = { frontCamber: '-2.8°' } as SuspensionValue;
const session: SessionDetails = {
  name: 'FP1', type: 'practice', startedAt: at, driverMemberId: 5, airTempC: 14, trackTempC: 21, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null,
};
const part: PartDetails = { name: 'Clutch', category: 'clutch', partNumber: null, serialNumber: null, notes: null, limits: { km: 2500, hours: null, laps: null, expiresOn: null }, usedBefore: { km: 0, hours: 0, laps: 0 } };
const tireSet: TireSetDetails = {
  name: 'Set 5', manufacturer: 'Toyo', compound: 'R888R', size: '205/50 R15', dotCodes: { fl: '2324', fr: null, rl: null, rr: null }, condition: 'new', treadNewMm: 8, treadMinimumMm: 1.5, carId: 1, notes: null,
  earlierHeatCycles: 0, earlierLaps: 0, barcode: null,
};
const url = '/api/images/img/2026/03/0b0e6a52-3c8a-4f4e-9d0e-2f1a7c3b9d10.jpg';

/** Ids below 1000 in every sample, so a mapped id (+ 1,000,000) is told from one left alone. */
const SAMPLES: { [T in DomainEventType]: DataOf<T> } = {
  CarCreated: { carId: 1, teamId: 2, details: car, createdAt: at },
  CarDetailsUpdated: { carId: 1, details: car },
  TuningLinkSet: { carId: 1, tuningFileUrl: null },
  MaintenanceRecorded: { carId: 1, item: 'lastEngineOilChange', date: at },
  GearRatiosSet: { carId: 1, raceEventId: 3, rows: [{ id: 4, name: '1st', ratio: '5.087', speedAtMaxRpm: null, notes: null }] },
  SuspensionSet: { carId: 1, raceEventId: null, suspensionId: 5, values: suspension },
  TirePressuresSet: { carId: 1, raceEventId: 3, rows: [{ id: 6, condition: 'Dry', frontLeft: '28', frontRight: '28', rearLeft: '27', rearRight: '27' }], notes: null },
  TirePressureTargetsSet: { carId: 1, targets: { front: 34, rear: 33, fl: null, fr: null, rl: null, rr: null } },
  TireTemperatureTargetsSet: { carId: 1, targets: { spreadMinC: 5, spreadMaxC: 10, middleToleranceC: 2 } },
  ChecklistItemAdded: { carId: 1, itemId: 7, title: 'Torque wheel nuts', description: null, priority: 'high' },
  ChecklistItemCompleted: { carId: 1, itemId: 7 },
  ChecklistItemReopened: { carId: 1, itemId: 7 },
  ChecklistItemRemoved: { carId: 1, itemId: 7 },
  ImageAdded: { carId: 1, imageId: 8, raceEventId: null, url, thumbnailUrl: `${url}?size=thumb`, caption: null, description: null },
  TeamCreated: { teamId: 2, name: 'Apex', description: null, ownerId: '9', createdAt: at },
  MemberAdded: { teamId: 2, memberId: 5, userId: '9', role: 'driver', memberColor: '#16a34a', displayName: 'Aiko', joinedAt: at },
  MemberUpdated: { teamId: 2, memberId: 5, userId: '9', displayName: 'Aiko', role: 'driver', memberColor: '#16a34a' },
  MemberDeactivated: { teamId: 2, memberId: 5, userId: '9' },
  MemberReactivated: { teamId: 2, memberId: 5, userId: '9' },
  MemberRemoved: { teamId: 2, memberId: 5, userId: '9' },
  TeamDeleted: { teamId: 2 },
  TeamUnitsChosen: { teamId: 2, pressureUnit: 'psi', temperatureUnit: 'C' },
  TeamDistanceUnitChosen: { teamId: 2, distanceUnit: 'km' },
  UserRegistered: { userId: 9, username: 'aiko', passwordHash: 'x', firstName: null, lastName: null, email: null },
  UsernameClaimed: { username: 'aiko', userId: 9 },
  UserImported: { userId: 9, teamId: 2 },
  ImportedUserPasswordSet: { userId: 9, teamId: 2, passwordHash: 'x' },
  ImportedUserDiscarded: { userId: 9, teamId: 2 },
  UsernameReleased: { username: 'aiko', userId: 9 },
  TeamImportStarted: { teamId: 2, ownerId: '9' },
  TeamImportImagesStored: { teamId: 2, keys: ['img/2026/03/0b0e6a52-3c8a-4f4e-9d0e-2f1a7c3b9d10.jpg'] },
  TeamImportCompleted: { teamId: 2 },
  TeamImportAbandoned: { teamId: 2 },
  RaceEventScheduled: { raceEventId: 3, carId: 1, teamId: 2, name: 'Round 1', location: 'Laguna Seca', date: at, endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: url, timetableImageUrl: null, createdAt: at },
  FinalDriveSet: { raceEventId: 3, carId: 1, finalDriveRatio: '4.1', finalDriveNotes: null },
  RaceEventImagesSet: { raceEventId: 3, carId: 1, profileImageUrl: null, timetableImageUrl: url },
  RaceEventTrackLengthSet: { raceEventId: 3, carId: 1, trackLength: '3.6 km' },
  IssueRaised: { issueId: 10, carId: 1, raceEventId: 3, title: 'Brakes', description: 'Long pedal', issueType: 'issue', priority: 'high', status: 'open', imageUrl: url, createdAt: at },
  IssueStatusChanged: { issueId: 10, carId: 1, from: 'open', to: 'resolved' },
  SessionAdded: { sessionId: 11, carId: 1, raceEventId: 3, teamId: 2, details: session, createdAt: at },
  SessionDetailsRevised: { sessionId: 11, carId: 1, raceEventId: 3, details: session },
  SessionLapsSet: { sessionId: 11, carId: 1, raceEventId: 3, laps: [{ lapTimeMs: 102318, kind: 'timed', sectorsMs: [], driverName: null }] },
  SessionTirePressuresSet: { sessionId: 11, carId: 1, raceEventId: 3, cold: null, hot: null },
  SessionTireTemperaturesSet: { sessionId: 11, carId: 1, raceEventId: 3, readings: [{ stint: 1, measuredAt: null, corners: { fl: { innerC: 92, middleC: 86, outerC: 80 }, fr: { innerC: 85, middleC: 90, outerC: 82 }, rl: { innerC: 80, middleC: 78, outerC: 74 }, rr: { innerC: 84, middleC: 80, outerC: 82 } } }] },
  SessionRemoved: { sessionId: 11, carId: 1, raceEventId: 3 },
  PartAdded: { partId: 12, teamId: 2, details: part, createdAt: at },
  PartRevised: { partId: 12, teamId: 2, details: part },
  PartFitted: { partId: 12, teamId: 2, name: 'Clutch', carId: 1, at },
  PartRemoved: { partId: 12, teamId: 2, name: 'Clutch', carId: 1, at },
  PartServiced: { partId: 12, teamId: 2, carId: null, at, notes: 'Rebuilt', resetsLife: true },
  PartFitDateCorrected: { partId: 12, teamId: 2, carId: 1, name: 'Clutch', from: at, at },
  PartDeleted: { partId: 12, teamId: 2 },
  SessionStintsSet: { sessionId: 11, carId: 1, raceEventId: 3, stints: [{ driverMemberId: 5, fromLap: 1, toLap: 30, fuelAddedLitres: 40, pitStopMs: 65_000, tireSetId: 13, notes: null }] },
  SessionFuelAtEndSet: { sessionId: 11, carId: 1, raceEventId: 3, fuelAtEndLitres: 4.5 },
  PitStopLogged: { sessionId: 11, carId: 1, raceEventId: 3, stop: { stopId: 20, inLap: 31, stopMs: 65_000, fuelAddedLitres: 40, tireSetId: 13, driverMemberId: 5, at, notes: null } },
  PitStopRevised: { sessionId: 11, carId: 1, raceEventId: 3, stop: { stopId: 20, inLap: 31, stopMs: null, fuelAddedLitres: null, tireSetId: null, driverMemberId: null, at: null, notes: 'Rear wing' } },
  PitStopRemoved: { sessionId: 11, carId: 1, raceEventId: 3, stopId: 20 },
  RacePlanSet: {
    raceEventId: 3, carId: 1,
    plan: { raceMinutes: 360, raceLaps: null, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, minStopMs: 60_000, stintSplit: 'full-tanks', driverMemberIds: [5, 6], rules: { minDriverMinutes: 45, maxDriverMinutes: 240, maxStintMinutes: 120 } },
  },
  TireSetAdded: { tireSetId: 13, teamId: 2, details: tireSet, createdAt: at },
  TireSetRevised: { tireSetId: 13, teamId: 2, details: tireSet },
  TireSetTreadMeasured: { tireSetId: 13, teamId: 2, measuredAt: at, fl: [6.2, 5.9, 6.4], fr: [6.5], rl: [7], rr: [7.1] },
  TireSetDeleted: { tireSetId: 13, teamId: 2 },
  SessionTireSetChosen: { sessionId: 11, carId: 1, raceEventId: 3, tireSetId: 13 },
  CornerWeightsSet: { carId: 1, raceEventId: 3, values: { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 80, fuelLitres: 20, ballastKg: null, ballastPosition: null, notes: null } },
  SetupSheetSet: { carId: 1, raceEventId: 3, values: { ...blankSetupSheet(), 'corners.fl.camberDeg': -3.2, 'brakes.padsFront': 'RS29' } },
  SetupTargetsSet: { carId: 1, targets: { crossPercent: 50, frontPercent: 51 } },
  CarTankCapacitySet: { carId: 1, tankLitres: 60 },
  CarGeometrySet: { carId: 1, geometry: { wheelbaseMm: 2310, motionRatio: { front: 0.75, rear: 0.8 }, unsprungKg: { fl: 30, fr: 30, rl: 32, rr: 32 } } },
  TeamMassUnitChosen: { teamId: 2, massUnit: 'kg' },
  TeamCrossDiagonalChosen: { teamId: 2, crossDiagonal: 'lf-rr' },
  TeamChangeEffectThresholdsChosen: { teamId: 2, tireLaps: 8, trackTempC: 8 },
  ImageUploaded: { key: 'img/2026/03/0b0e6a52-3c8a-4f4e-9d0e-2f1a7c3b9d10.jpg', url, thumbnailUrl: `${url}?size=thumb`, contentType: 'image/jpeg', width: 64, height: 48, size: 900, teamIds: [2] },
  SeriesCreated: { seriesId: 13, name: 'Cup', season: '2026', classes: ['Cup'], organiserId: '9', createdAt: at },
  RoundAdded: { seriesId: 13, roundId: 14, name: 'Round 1', location: 'Sonoma', date: at, endsOn: at },
  JoinCodeIssued: { seriesId: 13, joinCodeId: 15, code: 'ABCD', issuedAt: at, expiresAt: at },
  TeamEnteredSeries: { seriesId: 13, teamEntryId: 16, teamId: 2, code: 'ABCD', enteredAt: at },
  CarEntered: { seriesId: 13, entryId: 17, teamId: 2, carId: 1, class: 'Cup', number: '27', enteredAt: at },
  EntryWithdrawn: { seriesId: 13, entryId: 17, number: '27', class: 'Cup' },
  TeamLeftSeries: { seriesId: 13, teamId: 2 },
  ScrutineeringItemsSet: { seriesId: 13, items: [{ itemId: 18, title: 'Seat' }], retiredItemIds: [19] },
  ScrutineeringRecorded: { seriesId: 13, roundId: 14, entryId: 17, results: [{ itemId: 18, status: 'pass', notes: null }] },
  RoundResultsSet: { seriesId: 13, roundId: 14, results: [{ entryId: 17, number: '27', class: 'Cup', position: 1, laps: 30, bestLapMs: 92_345, status: 'classified', pole: true }] },
  PointsTableSet: { seriesId: 13, points: [25, 18], polePoints: 1 },
  TimetableSet: { seriesId: 13, roundId: 14, sessions: [{ id: 21, name: 'FP1', type: 'practice', startsAt: at, durationMinutes: 60 }], changes: [{ kind: 'added', sessionId: 21, name: 'FP1', from: null, to: at }] },
  RoundRaceEventLinked: { seriesId: 13, roundId: 14, entryId: 17, raceEventId: 3, created: true },
  RaceEventRoundLinked: { raceEventId: 3, carId: 1, seriesId: 13, roundId: 14, entryId: 17 },
  TimetableSessionsLinked: { raceEventId: 3, carId: 1, sessions: [{ timetableSessionId: 21, sessionId: 11 }] },
  BopSet: { seriesId: 13, roundId: 14, entryId: 17, ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: null },
  TireAllocationSet: { seriesId: 13, roundId: 14, setsPerCar: 8, compound: 'Hankook Z214 C71' },
  TireSetRegistered: { seriesId: 13, roundId: 14, entryId: 17, tireSetId: 3, barcode: 'HK-004821', registeredAt: at },
  TireSetUnregistered: { seriesId: 13, roundId: 14, entryId: 17, barcode: 'HK-004821' },
};

/** Every number in `value` (ids and values alike), for telling which ones the rules mapped. */
function numbersOf(value: unknown, key = ''): { key: string; n: number }[] {
  if (Array.isArray(value)) return value.flatMap((v) => numbersOf(v, key));
  if (typeof value === 'number') return [{ key, n: value }];
  if (typeof value === 'string' && /^\d+$/.test(value)) return [{ key, n: Number(value) }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersOf(v, k));
  return [];
}

describe('id rules of team import', () => {
  it.each(Object.keys(SAMPLES) as DomainEventType[])("know %s (a team's or an account's) and map every id in it (and nothing else)", (type) => {
    // Accounts are the instance's: never in an export, refused in one.
    expect(KNOWN_EVENT_TYPES.has(type) || ACCOUNT_TYPES.has(type)).toBe(true);
    const mapped = mapIds(type, SAMPLES[type], (_kind, id) => id + 1_000_000);
    const idLike = /(^id$|Id$|Ids$)/;
    for (const { key, n } of numbersOf(mapped)) {
      if (idLike.test(key)) expect(n, `${type}.${key}`).toBeGreaterThan(1_000_000);
      else expect(n, `${type}.${key}`).toBeLessThan(1_000_000);
    }
  });

  it('keeps a user id written as text as text', () => {
    expect(mapIds('MemberAdded', SAMPLES.MemberAdded, (kind, id) => (kind === 'user' ? 40 : id))).toMatchObject({ userId: '40', memberId: 5 });
  });

  it('names the kind of each id: rows of gear ratios, members of sessions, the field name otherwise', () => {
    const kinds: string[] = [];
    mapIds('GearRatiosSet', SAMPLES.GearRatiosSet, (kind, id) => (kinds.push(kind), id));
    mapIds('SessionAdded', SAMPLES.SessionAdded, (kind, id) => (kinds.push(kind), id));
    expect(kinds).toEqual(['car', 'race_event', 'gear_ratio', 'session', 'car', 'race_event', 'team', 'team_member']);
  });

  it('refuses an id-like field no rule covers', () => {
    expect(() => mapIds('SessionAdded', { sessionId: 1, trackDayId: 4 }, (_k, id) => id)).toThrow(UnmappedIdError);
  });

  it('reads stream names by their id kind, uploads by their image key', () => {
    expect(streamIdOf('raceEvent-3')).toEqual({ kind: 'race_event', prefix: 'raceEvent', id: 3 });
    expect(streamIdOf('car-12')).toEqual({ kind: 'car', prefix: 'car', id: 12 });
    expect(streamIdOf('upload-img/2026/03/x.jpg')).toEqual({ kind: 'upload', key: 'img/2026/03/x.jpg' });
    expect(() => streamIdOf('paddock-3')).toThrow(UnmappedIdError);
  });
});
