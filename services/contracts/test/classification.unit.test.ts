import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readClassification } from '../src/index.ts';

/** A real Al Kamel 'Classification' CSV: ELMS 2014, 4 Hours of Silverstone, the race (lap-exports/README.md says where it comes from). */
const elmsSilverstone = readFileSync(new URL('./lap-exports/elms-2014-silverstone-4h-classification.csv', import.meta.url), 'utf8');

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

  it("reads a real 'Classification' CSV as published (ELMS 2014 Silverstone): the winner, the cars out of the classification, the classes", () => {
    // Counted with awk on the file, independently of the reader (fields: 1 POSITION, 2 NUMBER, 10 CLASS, 13 STATUS, 14 LAPS, 19 FL_TIME):
    //   awk -F';' 'NR>1{print $1,$2,$10,$13,$14,$19}' elms-2014-silverstone-4h-classification.csv
    //   awk -F';' 'NR>1{c[$10]++} END{for(k in c) print k, c[k]}' elms-2014-silverstone-4h-classification.csv
    const reading = readClassification(elmsSilverstone);
    if (!reading.ok) throw new Error(reading.message);
    const { rows } = reading;
    expect(rows).toHaveLength(38);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    // The winner: #46 Thiriet by TDS Racing, 118 laps, best lap 1'51.631.
    expect(rows[0]).toEqual({ number: '46', position: 1, laps: 118, bestLapMs: 111_631, status: 'classified', fileClass: 'LMP2' });
    // Second on the same lap: #34, best 1'51.920; the first GTE (9th): #55, 112 laps, best 2'00.077.
    expect(rows[1]).toEqual({ number: '34', position: 2, laps: 118, bestLapMs: 111_920, status: 'classified', fileClass: 'LMP2' });
    expect(rows[8]).toEqual({ number: '55', position: 9, laps: 112, bestLapMs: 120_077, status: 'classified', fileClass: 'LMGTE' });
    // The file's 'Not classified' (#38 after 97 laps, best 1'51.336; #29 after 74) and 'Not started' (#71, no lap, no time) are out of the classification.
    expect(rows.slice(35)).toEqual([
      { number: '38', position: 36, laps: 97, bestLapMs: 111_336, status: 'dnf', fileClass: 'LMP2' },
      { number: '29', position: 37, laps: 74, bestLapMs: 113_575, status: 'dnf', fileClass: 'LMP2' },
      { number: '71', position: 38, laps: 0, bestLapMs: null, status: 'dnf', fileClass: 'GTC' },
    ]);
    expect(rows.filter((r) => r.status === 'classified')).toHaveLength(35);
    const perClass = Object.fromEntries(['LMP2', 'LMGTE', 'GTC'].map((c) => [c, rows.filter((r) => r.fileClass === c).length]));
    expect(perClass).toEqual({ LMP2: 11, LMGTE: 13, GTC: 14 });
    // The best lap of the race is #48's (8th, six laps down): 1'50.757 (awk -F';' 'NR>1 && $19!=""{print $19,$2}' … | sort | head -1).
    const fastest = rows.reduce((a, b) => (b.bestLapMs !== null && (a.bestLapMs === null || b.bestLapMs < a.bestLapMs) ? b : a));
    expect([fastest.number, fastest.position, fastest.laps, fastest.bestLapMs]).toEqual(['48', 8, 112, 110_757]);
  });

  it("reads a 'Classification' CSV's decimal commas (invented row: no published file seen writes them)", () => {
    const text = 'POSITION;NUMBER;CLASS;STATUS;LAPS;TOTAL_TIME;FL_TIME;\n1;46;LMP2;Classified;118;4:00\'29,711;1\'51,631;\n';
    expect(readClassification(text)).toEqual({ ok: true, rows: [{ number: '46', position: 1, laps: 118, bestLapMs: 111_631, status: 'classified', fileClass: 'LMP2' }] });
  });

  it('says in one sentence what it cannot read', () => {
    expect(readClassification('Lap,Time\n1,1:42.318')).toEqual({ ok: false, message: "This file is not a classification Pitwall reads: use the timing's 'Classification' or 'Analysis' CSV (Al Kamel, semicolon separated)" });
  });
});
