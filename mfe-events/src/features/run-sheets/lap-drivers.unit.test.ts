import { stintsFromLapDrivers } from './lib/lap-drivers';

const members = [{ id: 2, displayName: 'Aiko Tanaka', username: 'aiko' }, { id: 3, displayName: 'Ben Okafor', username: 'bennett' }];
const laps = (...names: (string | null)[]) => names.map((driverName) => ({ driverName }));
/** A stint as taken from an export: no fuel at the start, the litres added at a stop not recorded (null). */
const stint = (driverMemberId: number, fromLap: number, toLap: number) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres: fromLap === 1 ? 0 : null, pitStopMs: 0, tireSetId: null, notes: null });

describe('stintsFromLapDrivers', () => {
  it('makes a stint of each run of laps by one member, names matched in any case and order', () => {
    expect(stintsFromLapDrivers(laps('Aiko TANAKA', 'TANAKA Aiko', 'OKAFOR Ben', 'Ben Okafor', 'aiko tanaka'), members)).toEqual([stint(2, 1, 2), stint(3, 3, 4), stint(2, 5, 5)]);
  });

  it('keeps a lap naming no member with the stint before it, and laps before the first named driver with the first stint', () => {
    expect(stintsFromLapDrivers(laps(null, 'Aiko Tanaka', 'Lena Berg', 'Ben Okafor', null), members)).toEqual([stint(2, 1, 3), stint(3, 4, 5)]);
  });

  it('gives no stints when no lap names a member', () => {
    expect(stintsFromLapDrivers(laps(null, 'Lena Berg'), members)).toEqual([]);
  });
});
