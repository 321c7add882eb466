import type { RunSession, TirePressure } from '@pitwall/contracts';
import { nextSessionDraft, nextSessionName, nextSessionStart } from './next-session';

const PSI_C = { pressureUnit: 'psi', temperatureUnit: 'C' } as const;
const raceEvent = { date: '2026-03-21', weather: 'Sunny, 19°C' };
const NOW = new Date(2026, 10, 26, 13, 5);

function fp1(overrides: Partial<RunSession> = {}): RunSession {
  return {
    id: 21, carId: 7, eventId: 3, name: 'FP1', type: 'practice', startedAt: new Date(2026, 2, 21, 9, 10).toISOString(), driverMemberId: 2, driverName: 'Aiko Tanaka',
    airTempC: 14, trackTempC: 21, weather: 'Overcast', tireSet: 'Set 2 — used', tireSetId: null, fuelLitres: 30, notes: 'Bedding in pads', feedbackTags: [], feedbackText: null,
    bestLapMs: null, timedLapCount: 0, averageBestThreeMs: null, bestSectorsMs: [], theoreticalBestMs: null, setupPosition: '1/1',
    laps: [], tirePressures: { cold: { fl: 28, fr: 28.5, rl: 27, rr: 27.5, tempC: 14 }, hot: null },
    tireTemperatures: [], stints: [], pitStops: [], fuelAtEndLitres: null, fuelPerLapLitres: null, driverTime: [],
    ...overrides,
  };
}

const dryCold: TirePressure = { id: 1, carId: 7, eventId: null, condition: 'Dry (Cold)', frontLeft: '2 bar', frontRight: '2 bar', rearLeft: '1.9 bar', rearRight: '1.9 bar', notes: null, own: false };

describe('nextSessionName', () => {
  it.each([
    ['FP1', 'FP2'],
    ['Q1', 'Q2'],
    ['Race 1', 'Race 2'],
    ['Stint 9', 'Stint 10'],
    ['Qualifying', 'Qualifying 2'],
  ])('%s → %s', (name, next) => expect(nextSessionName(name)).toBe(next));
});

describe('nextSessionStart', () => {
  it("is the race event's day at the time now", () => {
    expect(nextSessionStart('2026-03-21', undefined, NOW)).toEqual(new Date(2026, 2, 21, 13, 5));
  });

  it("is the previous session's end when that is later", () => {
    const previous = fp1({ startedAt: new Date(2026, 2, 21, 12, 40).toISOString(), laps: [{ lapNumber: 1, time: '30:00.000', lapTimeMs: 30 * 60_000, kind: 'timed', sectorsMs: [], driverName: null }] });
    expect(nextSessionStart('2026-03-21', previous, NOW)).toEqual(new Date(2026, 2, 21, 13, 10));
  });
});


describe('nextSessionDraft', () => {
  it('carries nothing for Add Session alone: the next name, type and start, no driver, conditions, tire set or cold pressures', () => {
    const { values, from } = nextSessionDraft({ raceEvent, previous: fp1({ tireSetId: 12 }), carryValues: false, tirePressures: [dryCold], units: PSI_C, now: NOW });
    expect(values).toMatchObject({ name: 'FP2', type: 'practice', driverMemberId: '', airTemp: '', trackTemp: '', weather: 'Sunny, 19°C', tireSet: '', tireSetId: '', 'cold-fl': '', 'cold-fr': '', 'cold-rl': '', 'cold-rr': '', coldTemp: '' });
    expect(from).toEqual({});
  });

  it('carries the driver, conditions, tire set and cold pressures over from the previous session, each marked', () => {
    const { values, from } = nextSessionDraft({ raceEvent, previous: fp1(), tirePressures: [dryCold], units: PSI_C, now: NOW });
    expect(values).toMatchObject({ name: 'FP2', type: 'practice', driverMemberId: '2', airTemp: '14', trackTemp: '21', weather: 'Overcast', tireSet: 'Set 2 — used', 'cold-fl': '28', 'cold-fr': '28.5', 'cold-rl': '27', 'cold-rr': '27.5', coldTemp: '14', fuelLitres: '', notes: '' });
    expect(from).toEqual({ driverMemberId: 'from FP1', airTemp: 'from FP1', trackTemp: 'from FP1', weather: 'from FP1', tireSet: 'from FP1', 'cold-fl': 'from FP1', 'cold-fr': 'from FP1', 'cold-rl': 'from FP1', 'cold-rr': 'from FP1', coldTemp: 'from FP1' });
  });

  it("carries the set from the team's Tires over from the previous session, marked", () => {
    const { values, from } = nextSessionDraft({ raceEvent, previous: fp1({ tireSet: null, tireSetId: 12 }), tirePressures: [dryCold], units: PSI_C, now: NOW });
    expect([values.tireSetId, from.tireSetId]).toEqual(['12', 'from FP1']);
    expect([values.tireSet, from.tireSet]).toEqual(['', undefined]);
  });

  it("takes the race event's Dry (Cold) row in the team's units when the previous session has no cold pressures", () => {
    const { values, from } = nextSessionDraft({ raceEvent, previous: fp1({ tirePressures: { cold: null, hot: null } }), tirePressures: [dryCold], units: PSI_C, now: NOW });
    expect(values).toMatchObject({ 'cold-fl': '29', 'cold-fr': '29', 'cold-rl': '27.6', 'cold-rr': '27.6', coldTemp: '14' });
    expect(from['cold-fl']).toBe('from Dry (Cold)');
    expect(from.coldTemp).toBe('from FP1');
  });

  it("starts blank but for the race event's weather when there is no session yet", () => {
    const { values, from } = nextSessionDraft({ raceEvent, previous: undefined, tirePressures: [dryCold], units: PSI_C, now: NOW });
    expect(values).toMatchObject({ name: '', driverMemberId: '', airTemp: '', weather: 'Sunny, 19°C', 'cold-fl': '' });
    expect(from).toEqual({});
  });
});
