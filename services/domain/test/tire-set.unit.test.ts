import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, runSessionDecider, tireSetDecider, ValidationError, type RunSessionEvent, type TireSetEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const details = {
  name: 'Set 5', manufacturer: 'Hoosier', compound: 'R7', size: '225/45R17', dotCodes: { fl: '2324', fr: '2324', rl: '2424', rr: '2424' },
  condition: 'new' as const, treadNewMm: 8, treadMinimumMm: 1.5, carId: null, notes: null, earlierHeatCycles: 0, earlierLaps: 0, barcode: null,
};
const added: TireSetEvent = { type: 'TireSetAdded', data: { tireSetId: 1, teamId: 2, details, createdAt: '2026-04-01T08:00:00.000Z' } };
const addedData = added.data as Extract<TireSetEvent, { type: 'TireSetAdded' }>['data'];
const set = spec(tireSetDecider);
const depths = { measuredAt: '2026-04-02T08:00:00.000Z', fl: [6.2, 5.9, 6.4], fr: [6.5], rl: [7], rr: [7.1] };

describe('tire set decider', () => {
  it('adds a set once', () => {
    set.given([]).when({ type: 'AddTireSet', data: addedData }).then([added]);
    set.given([added]).when({ type: 'AddTireSet', data: addedData }).thenThrows(ConflictError);
  });

  it('refuses a minimum tread not below the tread when new, naming treadMinimumMm', () => {
    set.given([]).when({ type: 'AddTireSet', data: { ...addedData, details: { ...details, treadMinimumMm: 8 } } }).thenThrows(ValidationError, /^treadMinimumMm: /);
    set.given([added]).when({ type: 'ReviseTireSet', data: { treadNewMm: 1 } }).thenThrows(ValidationError, /^treadMinimumMm: /);
  });

  it('refuses earlier laps without an earlier heat cycle, naming earlierHeatCycles, when adding and when revising', () => {
    set.given([]).when({ type: 'AddTireSet', data: { ...addedData, details: { ...details, condition: 'used', earlierLaps: 40 } } }).thenThrows(ValidationError, /^earlierHeatCycles: must be at least 1 /);
    set.given([added]).when({ type: 'ReviseTireSet', data: { earlierLaps: 40 } }).thenThrows(ValidationError, /^earlierHeatCycles: /);
    const bought = { ...details, condition: 'used' as const, earlierHeatCycles: 3, earlierLaps: 40 };
    set.given([]).when({ type: 'AddTireSet', data: { ...addedData, details: bought } }).then([{ type: 'TireSetAdded', data: { ...addedData, details: bought } }]);
    set.given([added]).when({ type: 'ReviseTireSet', data: { earlierHeatCycles: 3, earlierLaps: 40 } }).then([{ type: 'TireSetRevised', data: { tireSetId: 1, teamId: 2, details: { ...details, earlierHeatCycles: 3, earlierLaps: 40 } } }]);
  });

  it('revises the fields given, keeping the others; the same values append nothing', () => {
    set.given([added]).when({ type: 'ReviseTireSet', data: { condition: 'used', carId: 7 } }).then([{ type: 'TireSetRevised', data: { tireSetId: 1, teamId: 2, details: { ...details, condition: 'used', carId: 7 } } }]);
    set.given([added]).when({ type: 'ReviseTireSet', data: { name: 'Set 5' } }).then([]);
  });

  it('records a tread measurement', () => {
    set.given([added]).when({ type: 'MeasureTread', data: depths }).then([{ type: 'TireSetTreadMeasured', data: { tireSetId: 1, teamId: 2, ...depths } }]);
  });

  it('refuses a depth deeper than the tread when new, naming the corner', () => {
    set.given([added]).when({ type: 'MeasureTread', data: { ...depths, rr: [7, 8.4] } }).thenThrows(ValidationError, /^rr: 8.4 mm is deeper than the tread when new \(8 mm\)/);
  });

  it('refuses changes to a deleted set', () => {
    set.given([added, { type: 'TireSetDeleted', data: { tireSetId: 1, teamId: 2 } }]).when({ type: 'MeasureTread', data: depths }).thenThrows(NotFoundError);
  });
});

describe("a session's tire set", () => {
  const sessionDetails = { name: 'FP1', type: 'practice' as const, startedAt: '2026-03-21T09:00:00Z', driverMemberId: null, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
  const sessionAdded: RunSessionEvent = { type: 'SessionAdded', data: { sessionId: 4, carId: 7, raceEventId: 3, teamId: 2, details: sessionDetails, createdAt: '2026-03-21T08:00:00Z' } };
  const session = spec(runSessionDecider);
  const chosen = (tireSetId: number | null): RunSessionEvent => ({ type: 'SessionTireSetChosen', data: { sessionId: 4, carId: 7, raceEventId: 3, tireSetId } });

  it('is chosen with the session when added', () => {
    session.given([]).when({ type: 'AddSession', data: sessionAdded.data as Extract<RunSessionEvent, { type: 'SessionAdded' }>['data'], tireSetId: 1 }).then([sessionAdded, chosen(1)]);
  });

  it('changes with a revision, and unchanged appends nothing', () => {
    session.given([sessionAdded, chosen(1)]).when({ type: 'ReviseSession', data: { tireSetId: 2 } }).then([chosen(2)]);
    session.given([sessionAdded, chosen(1)]).when({ type: 'ReviseSession', data: { tireSetId: null } }).then([chosen(null)]);
    session.given([sessionAdded, chosen(1)]).when({ type: 'ReviseSession', data: { tireSetId: 1 } }).then([]);
  });
});
