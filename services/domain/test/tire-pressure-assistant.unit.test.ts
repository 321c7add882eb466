import { describe, expect, it } from 'vitest';
import { NO_TIRE_PRESSURE_TARGETS } from '@pitwall/contracts';
import { carDecider, suggestColdPressures, ValidationError, type CarEvent, type PressureSession } from '../src/index.ts';
import { spec } from './spec.ts';

const created: CarEvent = {
  type: 'CarCreated',
  data: { carId: 7, teamId: 1, createdAt: '2026-03-01T10:00:00.000Z', details: { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' } },
};
const car = spec(carDecider);
const targets = { ...NO_TIRE_PRESSURE_TARGETS, front: 30, rear: 29 };

describe('car decider: SetTirePressureTargets', () => {
  it('records the complete targets as TirePressureTargetsSet (a new v1 event)', () => {
    car.given([created]).when({ type: 'SetTirePressureTargets', data: { targets } }).then([{ type: 'TirePressureTargetsSet', data: { carId: 7, targets } }]);
  });
  it('the same targets again record nothing, whatever the key order', () => {
    const set: CarEvent = { type: 'TirePressureTargetsSet', data: { carId: 7, targets } };
    car.given([created, set]).when({ type: 'SetTirePressureTargets', data: { targets: { rr: null, rl: null, fr: null, fl: null, rear: 29, front: 30 } } }).then([]);
  });
  it('a corner of its own is a change', () => {
    const set: CarEvent = { type: 'TirePressureTargetsSet', data: { carId: 7, targets } };
    car.given([created, set]).when({ type: 'SetTirePressureTargets', data: { targets: { ...targets, fr: 30.5 } } }).then([{ type: 'TirePressureTargetsSet', data: { carId: 7, targets: { ...targets, fr: 30.5 } } }]);
  });
});

const LAGUNA = 'WeatherTech Raceway Laguna Seca';
const session = (id: number, startedAt: string, location: string, cold: PressureSession['cold'], hot: PressureSession['hot']): PressureSession => ({
  sessionId: id, sessionName: `S${id}`, raceEventId: location === LAGUNA ? 1 : 2, raceEventName: location === LAGUNA ? 'Round 1' : 'Enduro', location, startedAt, cold, hot,
});
const cold = { fl: 26, fr: 26, rl: 25, rr: 25, tempC: 18 };
const hot = { fl: 31.2, fr: 31.6, rl: 30, rr: 30.4 };

describe('suggestColdPressures', () => {
  const fp1 = session(1, '2026-03-21T16:10:00.000Z', LAGUNA, cold, hot);
  const fp2 = session(2, '2026-03-21T20:40:00.000Z', LAGUNA, { ...cold, fl: 27, tempC: 20 }, hot);
  const coldOnly = session(3, '2026-03-22T16:00:00.000Z', LAGUNA, cold, null);
  const sonoma = session(4, '2026-06-13T15:30:00.000Z', 'Sonoma Raceway', cold, hot);

  it('works from the latest session at this track with cold and hot pressures, corner by corner', () => {
    const answer = suggestColdPressures({ targets, location: ` ${LAGUNA.toLowerCase()} `, ambientC: 24, sessions: [fp1, coldOnly, sonoma, fp2] });
    expect(answer.corners.fl).toEqual({ coldPsi: 26.46, targetHotPsi: 30, reference: { sessionId: 2, coldPsi: 27, coldTempC: 20, hotPsi: 31.2 } });
    expect(answer.corners.rr?.targetHotPsi).toBe(29);
    expect(answer.explanation[0]).toBe(`Working from S2 of Round 1 (2026-03-21), the latest session at ${LAGUNA} with cold and hot pressures.`);
    expect(answer.explanation).toContain('FL: last run here set 27.0 psi at 20 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 26.5 psi');
    expect(answer.references.map((r) => r.sessionId)).toEqual([2, 1]);
  });

  it('the engineer may pick another reference; a pick without both readings is refused naming sessionId', () => {
    const answer = suggestColdPressures({ targets, location: LAGUNA, ambientC: 24, sessions: [fp1, fp2], pickedSessionId: 1 });
    expect(answer.corners.fl?.coldPsi).toBe(25.75);
    expect(answer.explanation[0]).toMatch(/^Working from S1 of Round 1 .* as picked\.$/);
    expect(answer.explanation).toContain('FL: S1 here set 26.0 psi at 18 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi');
    expect(() => suggestColdPressures({ targets, location: LAGUNA, ambientC: 24, sessions: [fp1, coldOnly], pickedSessionId: 3 })).toThrow(ValidationError);
    expect(() => suggestColdPressures({ targets, location: LAGUNA, ambientC: 24, sessions: [fp1, coldOnly], pickedSessionId: 3 })).toThrow(/^sessionId: /);
  });

  it("without a reading at this track it works from the car's latest elsewhere, and says so", () => {
    const answer = suggestColdPressures({ targets, location: LAGUNA, ambientC: 24, sessions: [coldOnly, sonoma] });
    expect(answer.corners.fl?.reference.sessionId).toBe(4);
    expect(answer.explanation[0]).toBe(`No session at ${LAGUNA} has both cold and hot pressures: working from S4 of Enduro (2026-06-13) at Sonoma Raceway, the car's latest elsewhere.`);
    expect(answer.explanation).toContain('FL: S4 at Sonoma Raceway set 26.0 psi at 18 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi');
  });

  it('without any reading it proposes nothing, and says so', () => {
    const answer = suggestColdPressures({ targets, location: LAGUNA, ambientC: 24, sessions: [coldOnly] });
    expect(answer.corners).toEqual({ fl: null, fr: null, rl: null, rr: null });
    expect(answer.references).toEqual([]);
    expect(answer.explanation).toEqual([expect.stringMatching(/^No session of this car has both cold and hot pressures yet, so nothing is proposed/)]);
  });

  it("a corner's own target wins over its axle's; a corner without any target gets nothing", () => {
    const answer = suggestColdPressures({ targets: { ...NO_TIRE_PRESSURE_TARGETS, front: 30, fr: 31 }, location: LAGUNA, ambientC: 18, sessions: [fp1] });
    expect(answer.corners.fr?.targetHotPsi).toBe(31);
    expect(answer.corners.rl).toBeNull();
    expect(answer.explanation).toContain('RL: no target hot pressure set for this car, so nothing is proposed');
  });
});
