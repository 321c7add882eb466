import { describe, expect, it } from 'vitest';
import { lapSheetRows } from '../src/values/index.ts';

describe('lapSheetRows: a run sheet for spreadsheets', () => {
  it('writes one row per lap with its time, sectors, driver, kind and stint', () => {
    const laps = [
      { lapTimeMs: 240_100, kind: 'out' as const, sectorsMs: [50_000, 90_000, 100_100], driverName: null },
      { lapTimeMs: 208_628, kind: 'timed' as const, sectorsMs: [33_024, 80_037, 95_567], driverName: 'Antonio FUOCO' },
      { lapTimeMs: 63_093_055, kind: 'invalid' as const, sectorsMs: [], driverName: null },
    ];
    const stints = [{ driverMemberId: 4, fromLap: 1, toLap: 2 }];
    expect(lapSheetRows(laps, stints, (id) => (id === 4 ? 'Miguel Molina' : null))).toEqual([
      ['lap', 'time', 'lap_time_ms', 's1_ms', 's2_ms', 's3_ms', 'driver', 'kind', 'stint'],
      ['1', '4:00.100', '240100', '50000', '90000', '100100', 'Miguel Molina', 'out', '1'],
      ['2', '3:28.628', '208628', '33024', '80037', '95567', 'Antonio FUOCO', 'timed', '1'],
      ['3', '17:31:33.055', '63093055', '', '', '', '', 'invalid', ''],
    ]);
  });

  it('writes the header alone for a session without laps', () => {
    expect(lapSheetRows([], [], () => null)).toEqual([['lap', 'time', 'lap_time_ms', 'driver', 'kind', 'stint']]);
  });
});
