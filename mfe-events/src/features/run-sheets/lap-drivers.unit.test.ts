import { driversWithoutMember, stintsFromLaps } from './lib/lap-drivers';

const members = [{ id: 2, displayName: 'Aiko Tanaka', username: 'aiko' }, { id: 3, displayName: 'Ben Okafor', username: 'bennett' }];
const laps = (...names: (string | null)[]) => names.map((driverName) => ({ driverName }));
/** A stint as taken from an export: no fuel at the start, the litres added at a stop not recorded (null). */
const stint = (driverMemberId: number, fromLap: number, toLap: number, pitStopMs = 0) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres: fromLap === 1 ? 0 : null, pitStopMs, tireSetId: null, notes: null });

describe('stintsFromLaps', () => {
  it('makes a stint of each run of laps by one member, names matched in any case and order', () => {
    expect(stintsFromLaps(laps('Aiko TANAKA', 'TANAKA Aiko', 'OKAFOR Ben', 'Ben Okafor', 'aiko tanaka'), members)).toEqual([stint(2, 1, 2), stint(3, 3, 4), stint(2, 5, 5)]);
  });

  it('keeps a lap naming no member with the stint before it, and laps before the first named driver with the first stint', () => {
    expect(stintsFromLaps(laps(null, 'Aiko Tanaka', 'Lena Berg', 'Ben Okafor', null), members)).toEqual([stint(2, 1, 3), stint(3, 4, 5)]);
  });

  it('gives no stints when no lap names a member', () => {
    expect(stintsFromLaps(laps(null, 'Lena Berg'), members)).toEqual([]);
  });

  it('begins a stint at every stop, with the pit time the sheet gives, the same driver going on too (a double stint)', () => {
    // Laps of an Al Kamel race: the out lap after each stop carries PIT_TIME.
    const race = [
      { driverName: 'Aiko TANAKA' }, { driverName: 'Aiko TANAKA' },
      { driverName: 'Aiko TANAKA', pitStopMs: 62_418 }, { driverName: 'Aiko TANAKA' },
      { driverName: 'Ben OKAFOR', pitStopMs: 71_002 }, { driverName: 'Ben OKAFOR' },
    ];
    expect(stintsFromLaps(race, members)).toEqual([stint(2, 1, 2), stint(2, 3, 4, 62_418), stint(3, 5, 6, 71_002)]);
  });

  it('matches names without their accents', () => {
    expect(stintsFromLaps(laps('RAST René', 'Rene Rast'), [{ id: 4, displayName: 'Rene Rast', username: 'rast' }])).toEqual([stint(4, 1, 2)]);
  });

  it('lists the drivers the sheet names who are no member, each once', () => {
    expect(driversWithoutMember(laps('Lena BERG', 'Aiko TANAKA', 'Lena BERG', null, 'Tom Hale'), members)).toEqual(['Lena BERG', 'Tom Hale']);
  });
});
