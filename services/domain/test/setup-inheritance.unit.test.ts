import { describe, expect, it } from 'vitest';
import {
  carDecider, effectiveRows, effectiveSuspension, foldState, gearRowRule, ownRows, ownSuspensionValues, SUSPENSION_FIELDS, tireRowRule, withRaceFinalDrive,
  type CarEvent, type SuspensionValue,
} from '../src/index.ts';
import { spec } from './spec.ts';

const details = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const created: CarEvent = { type: 'CarCreated', data: { carId: 7, teamId: 1, details, createdAt: '2026-03-01T10:00:00.000Z' } };
const car = spec(carDecider);

const baselineSuspension: SuspensionValue = {
  frontRideHeight: '75mm', frontSpringRate: '170 N/mm', frontDamperSetting: '8/6', frontCamber: '-2.5°', frontToe: '0.5mm (out)', frontAntiRollBar: 'Medium',
  rearRideHeight: '80mm', rearSpringRate: '150 N/mm', rearDamperSetting: '6/4', rearCamber: '-1.8°', rearToe: '1.0mm (in)', rearAntiRollBar: 'Soft', notes: 'Club setup',
};
const blank = Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f, null])) as unknown as SuspensionValue;
const baselineSet: CarEvent = { type: 'SuspensionSet', data: { carId: 7, raceEventId: null, suspensionId: 1, values: baselineSuspension } };

const gears = [
  { id: 1, name: '1st', ratio: '5.087', speedAtMaxRpm: '59.8', notes: null },
  { id: 2, name: '2nd', ratio: '2.991', speedAtMaxRpm: null, notes: null },
  { id: 3, name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: null, notes: null },
];
const tires = [
  { id: 10, condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' },
  { id: 11, condition: 'Wet (Cold)', frontLeft: '30 psi', frontRight: '30 psi', rearLeft: '29 psi', rearRight: '29 psi' },
];

describe('setup inheritance: suspension, per field', () => {
  describe('when the race event has no suspension of its own', () => {
    it('reads the baseline, nothing own', () => {
      expect(effectiveSuspension(baselineSuspension, null)).toEqual({ values: baselineSuspension, ownFields: [] });
    });
    it('saving the form with only front camber changed stores front camber alone', () => {
      car.given([created, baselineSet])
        .when({ type: 'SetSuspension', data: { raceEventId: 3, suspensionId: 9, values: { ...baselineSuspension, frontCamber: '-3.0°' } } })
        .then([{ type: 'SuspensionSet', data: { carId: 7, raceEventId: 3, suspensionId: 9, values: { ...blank, frontCamber: '-3.0°' } } }]);
    });
    it('saving the effective values unchanged stores nothing', () => {
      car.given([created, baselineSet]).when({ type: 'SetSuspension', data: { raceEventId: 3, suspensionId: 9, values: baselineSuspension } }).then([]);
    });
  });

  describe('when the race event owns front camber', () => {
    const own: CarEvent = { type: 'SuspensionSet', data: { carId: 7, raceEventId: 3, suspensionId: 9, values: { ...blank, frontCamber: '-3.0°' } } };
    it('reads every other field from the baseline and marks front camber own', () => {
      expect(effectiveSuspension(baselineSuspension, { ...blank, frontCamber: '-3.0°' })).toEqual({ values: { ...baselineSuspension, frontCamber: '-3.0°' }, ownFields: ['frontCamber'] });
    });
    it('a later change of rear toe keeps front camber and stores both', () => {
      car.given([created, baselineSet, own])
        .when({ type: 'SetSuspension', data: { raceEventId: 3, suspensionId: 99, values: { ...baselineSuspension, frontCamber: '-3.0°', rearToe: '0' } } })
        .then([{ type: 'SuspensionSet', data: { carId: 7, raceEventId: 3, suspensionId: 9, values: { ...blank, frontCamber: '-3.0°', rearToe: '0' } } }]);
    });
    it('front camber stays own when set back to the baseline value (it was already own)', () => {
      expect(ownSuspensionValues(baselineSuspension, { ...blank, frontCamber: '-3.0°' }, baselineSuspension)).toEqual({ ...blank, frontCamber: '-2.5°' });
    });
    it('clearing front camber returns it to the baseline value', () => {
      const stored = ownSuspensionValues(baselineSuspension, { ...blank, frontCamber: '-3.0°' }, { ...baselineSuspension, frontCamber: null });
      expect(stored).toEqual(blank);
      expect(effectiveSuspension(baselineSuspension, stored)?.values.frontCamber).toBe('-2.5°');
    });
    it('a later baseline change shows through every inherited field, not the own one', () => {
      const state = foldState(carDecider, [created, baselineSet, own, { ...baselineSet, data: { ...baselineSet.data, values: { ...baselineSuspension, frontCamber: '-2.0°', frontRideHeight: '70mm' } } }]);
      if (state.status !== 'active') throw new Error('car expected');
      const eff = effectiveSuspension(state.suspensions.get('baseline')!.values, state.suspensions.get(3)!.values);
      expect(eff?.values).toMatchObject({ frontCamber: '-3.0°', frontRideHeight: '70mm' });
    });
  });

  describe('when an old race-event suspension was stored (before inheritance)', () => {
    it('a complete copy reads its own values, every field own', () => {
      const copy = { ...baselineSuspension, frontCamber: '-3.0°' };
      expect(effectiveSuspension(baselineSuspension, copy)).toEqual({ values: copy, ownFields: [...SUSPENSION_FIELDS] });
    });
    it("a partial one (the bug's) shows the baseline in its blank fields", () => {
      expect(effectiveSuspension(baselineSuspension, { ...blank, frontCamber: '-3.0°' })?.values).toEqual({ ...baselineSuspension, frontCamber: '-3.0°' });
    });
  });

  it('property: for any baseline, own and edit, saving the effective values with one field changed keeps every other effective value', () => {
    const values = ['1', '2', null];
    let seed = 7;
    const pick = <T>(xs: readonly T[]) => xs[(seed = (seed * 16807) % 2147483647) % xs.length]!;
    for (let n = 0; n < 300; n++) {
      const base = Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f, pick(values)])) as unknown as SuspensionValue;
      const own = Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f, pick(values)])) as unknown as SuspensionValue;
      const before = effectiveSuspension(base, own)!.values;
      const field = pick(SUSPENSION_FIELDS);
      const edited = { ...before, [field]: pick(['3', '4']) };
      const after = effectiveSuspension(base, ownSuspensionValues(base, own, edited))!;
      expect(after.values).toEqual(edited);
      expect(after.ownFields).toContain(field);
    }
  });
});

describe('setup inheritance: rows (gear ratios by name, tire pressures by condition)', () => {
  it('without own rows the effective list is the baseline, nothing own', () => {
    expect(effectiveRows(gearRowRule, gears, [])).toEqual(gears.map((row) => ({ row, own: false })));
  });
  it('an own row replaces the baseline row of its key in place; a new key is appended; both own', () => {
    const own = [{ id: 20, name: '2nd', ratio: '3.010', speedAtMaxRpm: null, notes: null }, { id: 21, name: '7th', ratio: '0.8', speedAtMaxRpm: null, notes: null }];
    expect(effectiveRows(gearRowRule, gears, own)).toEqual([
      { row: gears[0], own: false }, { row: own[0], own: true }, { row: gears[2], own: false }, { row: own[1], own: true },
    ]);
  });
  it('an old complete copy reads its rows; rows equal to the baseline are not marked own', () => {
    const copy = tires.map((r, i) => (i === 0 ? { ...r, id: 30, frontLeft: '26 psi' } : { ...r, id: 31 }));
    expect(effectiveRows(tireRowRule, tires, copy).map((r) => [r.row.id, r.own])).toEqual([[30, true], [31, false]]);
  });
  it('a baseline row left out of a race event save is inherited, never deleted', () => {
    const stored = ownRows(tireRowRule, tires, [{ ...tires[0]!, frontLeft: '26 psi' }]);
    expect(effectiveRows(tireRowRule, tires, stored).map((r) => r.row.condition)).toEqual(['Dry (Cold)', 'Wet (Cold)']);
  });
  it('property: saving the effective list with one row edited gives back exactly that list', () => {
    for (let i = 0; i < tires.length; i++) {
      for (const ownBefore of [[], [{ ...tires[1]!, rearRight: '31 psi' }]]) {
        const shown = effectiveRows(tireRowRule, tires, ownBefore).map((r) => r.row);
        const edited = shown.map((r, j) => (j === i ? { ...r, frontLeft: '33.5 psi' } : r));
        expect(effectiveRows(tireRowRule, tires, ownRows(tireRowRule, tires, edited)).map((r) => r.row)).toEqual(edited);
      }
    }
  });

  it("the race event's final drive is the effective 'Final Drive' ratio, own when it differs", () => {
    const rows = withRaceFinalDrive(effectiveRows(gearRowRule, gears, []), gears, '3.100');
    expect(rows.at(-1)).toEqual({ row: { ...gears[2], ratio: '3.100' }, own: true });
    expect(withRaceFinalDrive(effectiveRows(gearRowRule, gears, []), gears, '2.866').at(-1)?.own).toBe(false);
    expect(withRaceFinalDrive(effectiveRows(gearRowRule, gears, []), gears, null)).toEqual(effectiveRows(gearRowRule, gears, []));
  });

  describe('the decider', () => {
    const baseGears: CarEvent = { type: 'GearRatiosSet', data: { carId: 7, raceEventId: null, rows: gears } };
    const baseTires: CarEvent = { type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows: tires, notes: 'Toyo R888R' } };
    it('stores only the gear rows that differ from the baseline', () => {
      car.given([created, baseGears])
        .when({ type: 'SetGearRatios', data: { raceEventId: 3, rows: gears.map((g) => (g.name === '2nd' ? { ...g, id: 40, ratio: '3.010' } : { ...g, id: g.id + 40 })) } })
        .then([{ type: 'GearRatiosSet', data: { carId: 7, raceEventId: 3, rows: [{ id: 40, name: '2nd', ratio: '3.010', speedAtMaxRpm: null, notes: null }] } }]);
    });
    it('stores only the tire rows that differ, and the note only when it differs', () => {
      const edited = [{ ...tires[0]!, id: 50, frontLeft: '26 psi' }, { ...tires[1]!, id: 51 }];
      car.given([created, baseTires])
        .when({ type: 'SetTirePressures', data: { raceEventId: 3, rows: edited, notes: 'Toyo R888R' } })
        .then([{ type: 'TirePressuresSet', data: { carId: 7, raceEventId: 3, rows: [edited[0]!], notes: null } }]);
    });
    it('saving the baseline values for a race event with none stores nothing', () => {
      car.given([created, baseTires]).when({ type: 'SetTirePressures', data: { raceEventId: 3, rows: tires, notes: 'Toyo R888R' } }).then([]);
    });
    it('the baseline itself is still replaced as a whole', () => {
      car.given([created, baseTires])
        .when({ type: 'SetTirePressures', data: { raceEventId: null, rows: [tires[0]!], notes: null } })
        .then([{ type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows: [tires[0]!], notes: null } }]);
    });
  });
});
