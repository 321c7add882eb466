import { describe, expect, it } from 'vitest';
import { readClassification } from '../src/index.ts';

describe("a round's classification read from the timing's files", () => {
  it("reads a 'Classification' CSV by its column names: apostrophe minutes, statuses, a BOM, numbers as written", () => {
    // Written from the Al Kamel race layout's published header (POSITION;NUMBER;TEAM;…;CLASS;…;STATUS;LAPS;TOTAL_TIME;GAP_FIRST;GAP_PREVIOUS;FL_LAPNUM;FL_TIME;FL_KPH;).
    const text = '\uFEFFPOSITION;NUMBER;TEAM;DRIVER_1;VEHICLE;CLASS;STATUS;LAPS;TOTAL_TIME;GAP_FIRST;GAP_PREVIOUS;FL_LAPNUM;FL_TIME;FL_KPH;\n'
      + "2;7;Toyota Gazoo Racing;Kamui KOBAYASHI;Toyota TR010;HYPERCAR;Classified;150;6:01'53.321;+1.2;+1.2;88;2'04.796;202.1;\n"
      + "1;007;Aston Martin Thor Team;Harry TINCKNELL;Aston Martin Valkyrie;HYPERCAR;Classified;150;6:01'52.100;;;90;2'05.943;200.3;\n"
      + "3;12;Some Team;A DRIVER;Car;LMGT3;Retired;61;2:30'01.000;;;20;;;\n"
      + "4;44;Other Team;B DRIVER;Car;LMGT3;Disqualified;149;6:02'00.000;;;12;2'20.001;;\n";
    const reading = readClassification(text);
    expect(reading).toEqual({ ok: true, rows: [
      { number: '007', position: 1, laps: 150, bestLapMs: 125_943, status: 'classified', fileClass: 'HYPERCAR' },
      { number: '7', position: 2, laps: 150, bestLapMs: 124_796, status: 'classified', fileClass: 'HYPERCAR' },
      { number: '12', position: 3, laps: 61, bestLapMs: null, status: 'dnf', fileClass: 'LMGT3' },
      { number: '44', position: 4, laps: 149, bestLapMs: 140_001, status: 'dsq', fileClass: 'LMGT3' },
    ] });
  });

  it('says in one sentence what it cannot read', () => {
    expect(readClassification('Lap,Time\n1,1:42.318')).toEqual({ ok: false, message: "This file is not a classification Pitwall reads: use the timing's 'Classification' or 'Analysis' CSV (Al Kamel, semicolon separated)" });
  });
});
