import type { PitStopAnswer, RunSession } from '@pitwall/contracts';
import { withPitStops } from './pit-stops';

/** A race without laps yet, Aiko (member 2) at the start; the parts of a session withPitStops reads. */
const race = { id: 21, driverMemberId: 2, laps: [], stints: [], pitStops: [] } as unknown as RunSession;
const stop = (stopId: number, inLap: number, fields: Partial<PitStopAnswer> = {}): PitStopAnswer => ({ stopId, inLap, stopMs: null, fuelAddedLitres: null, tireSetId: null, driverMemberId: null, at: null, notes: null, ...fields });

describe('a pit stop shown before the server answers (and while it waits in the write queue)', () => {
  it('lists the stops in lap order and shows the stints they make, as the server derives them', () => {
    const shown = withPitStops(race, [stop(-2, 60, { driverMemberId: 2, fuelAddedLitres: 55 }), stop(7, 30, { driverMemberId: 3, fuelAddedLitres: 60, stopMs: 65_000 })]);
    expect(shown.pitStops.map((s) => s.inLap)).toEqual([30, 60]);
    expect(shown.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap, s.fuelAddedLitres, s.pitStopMs])).toEqual([[2, 1, 30, 0, 0], [3, 31, 60, 60, 65_000], [2, 61, 61, 55, 0]]);
  });

  it('shows no stints once the last stop is removed from a session whose stints came from its stops', () => {
    const withStop = withPitStops(race, [stop(7, 30)]);
    expect(withPitStops(withStop, []).stints).toEqual([]);
  });
});
