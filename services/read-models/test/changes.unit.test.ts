import { describe, expect, it } from 'vitest';
import { computeChanges, inheritedBefore } from '../src/history/changes.ts';

describe('computeChanges', () => {
  it('names suspension settings as the card does, in sentence case', () => {
    expect(computeChanges('suspension', { frontCamber: '-2.5°', rearAntiRollBar: 'Soft', frontRideHeight: null }, { frontCamber: '-2.8°', rearAntiRollBar: 'Medium', frontRideHeight: '120mm' })).toEqual([
      { field: 'Front ride height', before: null, after: '120mm' },
      { field: 'Front camber', before: '-2.5°', after: '-2.8°' },
      { field: 'Rear anti-roll bar', before: 'Soft', after: 'Medium' },
    ]);
  });

  it('lists gear rows changed, added and removed by name', () => {
    const before = { rows: [{ name: '1st', ratio: '5.087' }, { name: '6th', ratio: '1.000' }] };
    const after = { rows: [{ name: '1st', ratio: '5.100' }, { name: '3rd', ratio: '2.035', speedAtMaxRpm: '149.4' }] };
    expect(computeChanges('gear-ratios', before, after)).toEqual([
      { field: '1st ratio', before: '5.087', after: '5.100' },
      { field: '3rd', before: null, after: '2.035, 149.4 kph' },
      { field: '6th', before: '1.000', after: null },
    ]);
  });

  it('tells a checklist item added, completed and removed', () => {
    expect(computeChanges('checklist', null, { title: 'Torque wheel nuts', priority: 'high', isCompleted: false })).toEqual([{ field: 'Torque wheel nuts', before: null, after: 'added (high priority)' }]);
    expect(computeChanges('checklist', { title: 'Torque wheel nuts', isCompleted: false }, { title: 'Torque wheel nuts', isCompleted: true })).toEqual([{ field: 'Torque wheel nuts', before: 'open', after: 'completed' }]);
    expect(computeChanges('checklist', { title: 'Torque wheel nuts', isCompleted: true }, null)).toEqual([{ field: 'Torque wheel nuts', before: 'on the checklist', after: null }]);
  });

  it('tells an issue raised and its status changes', () => {
    expect(computeChanges('issues', null, { title: 'Brake pedal goes long', status: 'open' })).toEqual([{ field: 'Brake pedal goes long', before: null, after: 'raised as open' }]);
    expect(computeChanges('issues', { title: 'Brake pedal goes long', status: 'open' }, { title: 'Brake pedal goes long', status: 'in-progress' })).toEqual([{ field: 'Brake pedal goes long status', before: 'open', after: 'in-progress' }]);
  });

  it('tells target hot pressures set, changed and cleared, in psi', () => {
    const none = { front: null, rear: null, fl: null, fr: null, rl: null, rr: null };
    expect(computeChanges('tire-pressure-targets', null, { ...none, front: 34, rear: 33 })).toEqual([
      { field: 'Front target hot pressure', before: null, after: '34 psi' },
      { field: 'Rear target hot pressure', before: null, after: '33 psi' },
    ]);
    expect(computeChanges('tire-pressure-targets', { ...none, front: 34, rear: 33 }, { ...none, front: 34.5, rear: 33, rr: 33.5 })).toEqual([
      { field: 'Front target hot pressure', before: '34 psi', after: '34.5 psi' },
      { field: 'Rear right target hot pressure', before: null, after: '33.5 psi' },
    ]);
    expect(computeChanges('tire-pressure-targets', { ...none, front: 34 }, none)).toEqual([{ field: 'Front target hot pressure', before: '34 psi', after: null }]);
  });
});

describe('inheritedBefore', () => {
  it("reads a race event's first own suspension fields from the baseline it inherited, its blank fields as no change", () => {
    const baseline = { frontCamber: '-2.5°', rearRideHeight: '92 mm', notes: 'Baseline' };
    const own = { frontCamber: null, rearRideHeight: '90 mm', notes: null };
    expect(computeChanges('suspension', inheritedBefore('suspension', own, baseline), own)).toEqual([{ field: 'Rear ride height', before: '92 mm', after: '90 mm' }]);
  });

  it("reads a race event's first own tire pressure row against the baseline row of the same condition, other baseline rows left out", () => {
    const row = (condition: string, fl: string) => ({ condition, frontLeft: fl, frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi', notes: null });
    const baseline = { rows: [row('Dry (Cold)', '28 psi'), row('Wet (Cold)', '25 psi')], notes: null };
    const own = { rows: [row('Dry (Cold)', '27 psi')], notes: null };
    expect(computeChanges('tire-pressures', inheritedBefore('tire-pressures', own, baseline), own)).toEqual([{ field: 'Dry (Cold) front left', before: '28 psi', after: '27 psi' }]);
  });

  it("reads a race event's first own corner weights from the baseline it inherited, its blank fields as no change", () => {
    const baseline = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, ballastPosition: 'passenger floor', notes: null };
    const own = { fl: null, fr: null, rl: null, rr: 360, driverIn: null, ballastPosition: null, notes: null };
    expect(computeChanges('corner-weights', inheritedBefore('corner-weights', own, baseline), own)).toEqual([{ field: 'RR weight (kg)', before: '350', after: '360' }]);
  });

  it('is null without a baseline, so the value reads as set from nothing', () => {
    expect(inheritedBefore('suspension', { frontCamber: '-2.8°' }, null)).toBeNull();
  });
});
