import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLapExport, readDurationMs, type LapExportOptions } from '../src/lap-import/index.ts';
import type { LapsPreview } from '../src/index.ts';

const exportFile = (name: string) => readFileSync(path.join(import.meta.dirname, 'lap-exports', name), 'utf8');

/** The preview of `text`, failing the test when it is refused as no export. */
function preview(text: string, options?: LapExportOptions): LapsPreview {
  const result = readLapExport(text, options);
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}
const rows = (p: LapsPreview) => p.laps.map((l) => [l.lapNumber, l.time, l.kind]);

describe('readDurationMs: the notations timing exports use', () => {
  it.each([
    ['57.448', 57_448],
    ['1:57.448', 117_448],
    ['0:01:08.870', 68_870],
    ['69.2', 69_200],
    ['69,205', 69_205],
    ['1:08.91449', 68_914],
    ['12', 12_000],
  ])('reads %s as %i ms', (text, ms) => expect(readDurationMs(text)).toBe(ms));

  it.each(['', 'Yes', '1:60.000', '1:75:00.000', '+0.956', '-0.916', '10:02:11 AM'])('reads %j as no duration', (text) => expect(readDurationMs(text)).toBeNull());
});

/** The sample AiM session's laps as [lap, time, kind]: from the pit lane, the first lap is out and the last in. */
const AIM_SESSION = [
  [1, '1:42.611', 'out'],
  [2, '1:09.870', 'timed'],
  [3, '1:08.914', 'timed'],
  [4, '1:09.205', 'timed'],
  [5, '1:31.402', 'in'],
];

describe('AiM Race Studio CSV', () => {
  it('reads the laps from Segment Times only: the header values and samples are not laps; from the pit lane the first lap is out, the last in', () => {
    const p = preview(exportFile('aim-race-studio.csv'));
    expect(p.format).toBe('aim-csv');
    expect(p.problems).toEqual([]);
    expect(rows(p)).toEqual(AIM_SESSION);
    // Neither the sample rate (15), the start (9:42), the duration nor a speed sample (12.100) became a lap.
    expect(p.laps.map((l) => l.lapTimeMs)).not.toContain(12_100);
    expect(p.laps.every((l) => l.driverName === 'Aiko Tanaka' && l.line === 13)).toBe(true);
  });

  it('without Segment Times, takes each lap as the difference of two Beacon Markers (the last one runs to the Duration)', () => {
    const p = preview(exportFile('aim-beacons-only.csv'));
    expect(p.format).toBe('aim-csv');
    expect(rows(p)).toEqual(AIM_SESSION);
  });

  it('names a Segment Times value that is no lap time, by its line and lap, and keeps the others', () => {
    const text = exportFile('aim-race-studio.csv').replace('"1:08.914"', '"8.914"');
    const p = preview(text);
    expect(p.laps.map((l) => l.lapNumber)).toEqual([1, 2, 4, 5]);
    expect(p.problems).toEqual([{ line: 13, message: "lap 3: '8.914' is outside 10 s – 24 h" }]);
  });
});

describe("MyLaps Speedhive 'All Laps' CSV", () => {
  it('reads lap times (not the speed, the diff or the time of day), sectors, and a session with two pit stops: In Pit = Yes is an in lap, the next an out lap', () => {
    const p = preview(exportFile('speedhive-all-laps.csv'));
    expect(p.format).toBe('speedhive-csv');
    expect(p.problems).toEqual([]);
    expect(rows(p)).toEqual([
      [1, '1:48.215', 'timed'],
      [2, '1:09.870', 'timed'],
      [3, '1:08.914', 'timed'],
      [4, '1:31.402', 'in'],
      [5, '2:28.775', 'out'],
      [6, '1:09.205', 'timed'],
      [7, '1:07.998', 'invalid'],
      [8, '1:09.040', 'timed'],
      [9, '1:35.117', 'in'],
      [10, '2:05.330', 'out'],
      [11, '1:08.702', 'timed'],
      [12, '1:30.880', 'in'],
    ]);
    expect(p.laps[4]!.sectorsMs).toEqual([86_012, 29_841, 32_922]);
    expect(p.laps[1]!.line).toBe(3);
  });

  it("reads a ';' separated export with quoted cells, and names rows without a lap time", () => {
    const text = '"Lap";"Lap Time";"Diff vs Best Lap";"Speed";"In Pit"\n"1";"1:09,870";"";"99,4";"No"\n"2";"";"";"";"No"\n"3";"1:08,914";"-0,956";"100,8";"No"\n';
    const p = preview(text);
    expect(p.format).toBe('speedhive-csv');
    expect(rows(p)).toEqual([[1, '1:09.870', 'timed'], [3, '1:08.914', 'timed']]);
    expect(p.problems).toEqual([{ line: 3, message: "lap 2: '' is not a lap time" }]);
  });
});

describe('MyLaps Speedhive lap times of one competitor (written from the published column list)', () => {
  const text = exportFile('speedhive-competitor-laps.csv');

  it('reads a minute with single-digit seconds (1:9.482) as 69.482 s, and the lap numbers and times as written', () => {
    const p = preview(text);
    expect(p.format).toBe('speedhive-csv');
    expect(p.problems).toEqual([]);
    // awk -F, 'NR>1{split($3,a,":"); printf "%d ", (a[1]*60+a[2])*1000+0.5}' … → 81406 70214 69482 69051 68937 69205 68665 69118 70006 182117 72730 69874 69390 70502
    expect(p.laps.map((l) => l.lapTimeMs)).toEqual([81_406, 70_214, 69_482, 69_051, 68_937, 69_205, 68_665, 69_118, 70_006, 182_117, 72_730, 69_874, 69_390, 70_502]);
    expect(p.laps.map((l) => l.lapNumber)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    // awk -F, 'NR>1 && $3 ~ /^[0-9]+:[0-9]\./{print $1}' … → laps 3 4 5 6 7 8 12 13 write one digit of seconds
    expect(p.laps[2]).toMatchObject({ lapNumber: 3, time: '1:09.482' });
  });

  it("keeps reading the lap and its time on rows whose gap cells hold stray quotes and commas (1\", lap)", () => {
    const p = preview(text);
    expect(p.laps.slice(9).map((l) => [l.line, l.lapNumber, l.time])).toEqual([
      [11, 10, '3:02.117'],
      [12, 11, '1:12.730'],
      [13, 12, '1:09.874'],
      [14, 13, '1:09.390'],
      [15, 14, '1:10.502'],
    ]);
  });
});

describe("MyLaps Speedhive 'All Laps' CSV of a whole field (written from the published column list)", () => {
  it('asks which car by its Start Number column, and reads In Pit = True as an in lap', () => {
    const text = [
      'Team/Name,Start Number,Class,Finish Position (Overall),Finish Position (Class),Lap Number,Lap Time,Time of Day,Diff vs Best Lap,Diff vs Last Lap,Speed,In Pit,Status',
      'Slow Motion Racing,44,E0,3,1,1,2:31.406,10:02:11.402,+9.301,,71.2,False,',
      'Team 044,044,E1,7,2,1,2:35.119,10:02:15.115,+13.014,,69.5,False,',
      'Slow Motion Racing,44,E0,3,1,2,2:22.105,10:04:33.507,,-9.301,75.8,True,',
      'Team 044,044,E1,7,2,2,2:24.870,10:04:39.985,+2.765,-10.249,74.4,False,',
      'Slow Motion Racing,44,E0,3,1,3,3:48.711,10:08:22.218,+1:26.606,+1:26.606,47.1,False,',
    ].join('\n');
    expect(preview(text)).toMatchObject({ format: 'speedhive-csv', laps: [], carNumbers: ['44', '044'] });
    expect(rows(preview(text, { carNumber: '44' }))).toEqual([[1, '2:31.406', 'timed'], [2, '2:22.105', 'in'], [3, '3:48.711', 'out']]);
    expect(rows(preview(text, { carNumber: '044' }))).toEqual([[1, '2:35.119', 'timed'], [2, '2:24.870', 'timed']]);
  });
});

describe('Apex Timing live grid, copied from the page (written from the published column names)', () => {
  const text = exportFile('apex-timing-grid-paste.txt');

  it("asks which kart ('7' and '07' are two) and reads of the chosen one its last lap, numbered by its lap count, with its two sectors", () => {
    expect(preview(text)).toMatchObject({ format: 'lines', laps: [], carNumbers: ['7', '07', '23', '31', '112'] });
    // awk -F'\t' 'NR>1{print $4, $6, $7, $8, $11, $5}' … → 07 25.102 29.261 54.363 118 Marco ROSSI; 7 24.911 29.034 53.945 118 Lena BERG
    const p = preview(text, { carNumber: '07' });
    expect(p.problems).toEqual([]);
    expect(p.laps).toEqual([{ line: 3, lapNumber: 118, time: '0:54.363', lapTimeMs: 54_363, kind: 'timed', sectorsMs: [25_102, 29_261], driverName: 'Marco ROSSI' }]);
    expect(preview(text, { carNumber: '7' }).laps.map((l) => [l.lapNumber, l.lapTimeMs, l.driverName])).toEqual([[118, 53_945, 'Lena BERG']]);
  });
});

describe("Al Kamel 'Analysis' CSV", () => {
  const text = exportFile('alkamel-analysis.csv');

  it('lists the cars of the session and reads no laps until one is chosen', () => {
    const p = preview(text);
    expect(p).toMatchObject({ format: 'alkamel-csv', laps: [], carNumbers: ['7', '27', '31'] });
  });

  it("reads the chosen car's laps (trailing ';', header names with spaces, times as 57.448, 1:57.448 and 0:01:08.870) with sectors, drivers and two pit stops", () => {
    const p = preview(text, { carNumber: '27' });
    expect(rows(p)).toEqual([
      [1, '1:09.870', 'timed'],
      [2, '1:08.914', 'timed'],
      [3, '1:31.402', 'in'],
      [4, '2:05.330', 'out'],
      [5, '1:09.205', 'timed'],
      [6, '1:08.702', 'timed'],
      [7, '1:30.880', 'in'],
      [8, '1:58.117', 'out'],
      [9, '0:57.448', 'timed'],
    ]);
    expect(p.laps[0]).toMatchObject({ sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' });
    expect(p.laps[3]).toMatchObject({ pitStopMs: 58_300, driverName: 'Marco ROSSI', sectorsMs: [62_100, 30_118, 33_112] });
    expect(p.laps[7]).toMatchObject({ pitStopMs: 49_800, driverName: 'Aiko TANAKA' });
    expect(p.laps.filter((l) => l.pitStopMs !== undefined)).toHaveLength(2);
  });

  it('keeps a lap whose sectors do not add up to its time within 0.01 s, without its sectors, and says so', () => {
    const p = preview(text, { carNumber: '27' });
    expect(p.laps[5]).not.toHaveProperty('sectorsMs');
    expect(p.problems).toEqual([{ line: 11, message: expect.stringMatching(/^lap 6: its sector times add up to 1:08\.908, not its lap time 1:08\.702/) }]);
  });

  it('refuses a car number that is not in the file with one sentence naming the cars', () => {
    expect(readLapExport(text, { carNumber: '99' })).toEqual({ ok: false, field: 'carNumber', message: 'Car 99 is not in this file: it holds cars 7, 27, 31.' });
  });
});

/**
 * A RaceChrono CSV v3 export of one session sampled at `hz`: out of the pits, over the line at
 * each of `crossings` (s since the start), back in after the last. `speed` and
 * `device_update_rate` appear twice, as RaceChrono writes them (GPS and OBD sources).
 */
function raceChronoExport(hz: number, crossings: number[], endS: number): string {
  const head = [
    'This file is created using RaceChrono v8.1.4 ( http://www.racechrono.com/ ).',
    'Format,3',
    'Session title,"Club Sprint Practice 2"',
    'Session type,Lap timing',
    'Track name,"Pacific Raceways Short"',
    'Driver name,',
    'Created,21/03/2026,09:42',
    'Note,',
    '',
    'timestamp,fragment_id,lap_number,elapsed_time,distance_traveled,accuracy,altitude,bearing,device_update_rate,fix_type,latitude,longitude,satellites,speed,combined_acc,device_update_rate,lateral_acc,longitudinal_acc,speed',
    'unix time,,,s,m,m,m,deg,Hz,,deg,deg,sats,m/s,G,Hz,G,G,m/s',
    ',,,,,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,100: gps,101: calc,200: obd,101: calc,101: calc,200: obd',
  ];
  const samples: string[] = [];
  for (let i = 0; i * (1 / hz) <= endS; i++) {
    const t = i / hz;
    const lap = crossings.filter((c) => c <= t).length;
    const speed = (20 + 15 * Math.sin(t / 7)).toFixed(2);
    samples.push(`${(1774086120 + t).toFixed(3)},0,${lap === 0 ? '' : lap},${t.toFixed(3)},${(t * 27).toFixed(1)},1.2,12.3,181.5,${hz},3,47.2542,-122.3271,14,${speed},0.41,10,0.33,-0.12,${speed}`);
  }
  return [...head, ...samples, ''].join('\n');
}

describe('RaceChrono CSV v3', () => {
  const crossings = [41.337, 111.207, 180.121, 249.326];

  it.each([10, 25])('at %i Hz, reads a lap as the elapsed time between two changes of lap_number, exact to one sample, skipping the units and sources rows', (hz) => {
    const text = raceChronoExport(hz, crossings, 300);
    const p = preview(text);
    expect(p.format).toBe('racechrono-csv');
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => [l.lapNumber, l.kind])).toEqual([[1, 'timed'], [2, 'timed'], [3, 'timed']]);
    const truth = [69_870, 68_914, 69_205];
    p.laps.forEach((l, i) => expect(Math.abs(l.lapTimeMs - truth[i]!)).toBeLessThanOrEqual(1000 / hz));
    expect(text.length).toBeGreaterThan(hz * 300 * 100);
  });

  it('names a sample row it cannot read by its line', () => {
    const lines = raceChronoExport(10, crossings, 200).split('\n');
    lines[20] = 'garbled,,,';
    const p = preview(lines.join('\n'));
    expect(p.laps).toHaveLength(2);
    expect(p.problems).toEqual([{ line: 21, message: "no sample: elapsed_time '' and lap_number '' must be numbers" }]);
  });
});

/**
 * A MoTeC i2 'Export Data' CSV of an outing at 1 Hz, `endS` long, with its header as i2 writes it
 * (two keys to a row, the beacons in one cell, an empty `Driver`): over the beacon at each of
 * `beacons` (s), the Ground Speed (km/h) `startKmh` at the first sample and `endKmh` at the last.
 */
function motecExport(beacons: string, endS: number, startKmh: number, endKmh: number): string {
  const head = [
    '"Format","MoTeC CSV File",,,"Workbook",""',
    '"Venue","Pacific Raceways",,,"Worksheet",""',
    '"Vehicle","MX-5 #27",,,"Vehicle Desc",""',
    '"Driver","",,,"Engine ID",""',
    '"Device","ADL"',
    '"Comment","",,,"Session","Practice 2"',
    '"Log Date","21/03/2026",,,"Origin Time","0.000","s"',
    '"Log Time","09:42:00",,,"Start Time","0.000","s"',
    `"Sample Rate","1.000","Hz",,"End Time","${endS.toFixed(3)}","s"`,
    `"Duration","${endS.toFixed(3)}","s",,"Start Distance","0","m"`,
    '"Range","entire outing",,,"End Distance","5850","m"',
    `"Beacon Markers","${beacons}"`,
    '',
    '',
    '"Time","Distance","Ground Speed","Engine RPM"',
    '"s","m","km/h","rpm"',
    '',
    '',
  ];
  const samples = Array.from({ length: Math.floor(endS) + 1 }, (_, t) => `"${t.toFixed(3)}","${t * 33}","${(t === 0 ? startKmh : t === Math.floor(endS) ? endKmh : 120).toFixed(1)}","6200"`);
  return [...head, ...samples, ''].join('\r\n');
}

describe('MoTeC i2 CSV', () => {
  const beacons = '12.500 83.370 152.284 ';

  it('reads a lap between each two beacons, the stretch before the first as the out lap and after the last as the in lap when the car stood there', () => {
    const p = preview(motecExport(beacons, 175, 0, 0.4));
    expect(p.format).toBe('motec-csv');
    expect(p.problems).toEqual([]);
    expect(rows(p)).toEqual([
      [1, '0:12.500', 'out'],
      [2, '1:10.870', 'timed'],
      [3, '1:08.914', 'timed'],
      [4, '0:22.716', 'in'],
    ]);
    // An empty Driver names nobody: 'Engine ID', the next key of its row, is no driver.
    expect(p.laps.every((l) => l.driverName === undefined && l.line === 12)).toBe(true);
  });

  it('leaves out the stretches at the ends when the car was moving there (logging began or ended on track), keeping i2 lap numbers', () => {
    expect(rows(preview(motecExport(beacons, 175, 35, 120)))).toEqual([
      [2, '1:10.870', 'timed'],
      [3, '1:08.914', 'timed'],
    ]);
  });

  it('says why an outing without beacons has no laps, and names a beacon that is no number', () => {
    expect(preview(motecExport('', 175, 0, 0))).toMatchObject({
      laps: [],
      problems: [{ line: 1, message: "this MoTeC export has no 'Beacon Markers' (or 'Segment Times'): no lap was marked in the outing exported from i2" }],
    });
    expect(preview(motecExport('12.500 8x.370 ', 175, 0, 0)).problems).toEqual([{ line: 12, message: "Beacon Markers: '8x.370' is not a time in seconds" }]);
  });
});

describe('RaceBox CSV', () => {
  /** The first `count` lines of the real RaceBox export (lap-exports/README.md; CRLF): its sample header, then samples in Lap 0 up to line 1031. */
  const raceBoxStart = (count: number) => exportFile('racebox-track-session-2026-06-21.csv').split('\r\n').slice(0, count);

  it("reads the laps of the header block's 'Lap N' rows, with the sectors filled on any lap (the 4th field is unused), before the Lap column", () => {
    // Header rows as github.com/T28PJ/Racebox-Golden-Lap TECHNIK.md quotes a racebox.pro export; 9.01+6.759+9.764+8.288 = 33.821.
    const text = ['Track,Talkurs', 'Best Lap Time,29.648', 'Lap 1, 33.821, sectors, 9.01,6.759,9.764,0,8.288', 'Lap 2, 29.648, sectors, 7.358,6.174,9.026,0,7.090', '', ...raceBoxStart(200)].join('\r\n');
    const p = preview(text);
    expect(p.format).toBe('racebox-csv');
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => [l.lapNumber, l.time, l.kind, l.sectorsMs, l.line])).toEqual([
      [1, '0:33.821', 'timed', [9_010, 6_759, 9_764, 8_288], 3],
      [2, '0:29.648', 'timed', [7_358, 6_174, 9_026, 7_090], 4],
    ]);
  });

  it('keeps a lap whose split line was missed (a sector at 0) without its sectors, and says so', () => {
    // The two rows TECHNIK.md quotes from a session where lap 13 missed its first split.
    const text = ['Track,Talkurs', 'Lap 12, 60.903, sectors, 5.702,19.663,17.368,0,18.170', 'Lap 13, 58.647, sectors,     0,24.891,17.022,0,16.734', '', ...raceBoxStart(200)].join('\r\n');
    const p = preview(text);
    expect(p.laps.map((l) => [l.lapNumber, l.time, l.sectorsMs])).toEqual([
      [12, '1:00.903', [5_702, 19_663, 17_368, 18_170]],
      [13, '0:58.647', undefined],
    ]);
    expect(p.problems).toEqual([{ line: 3, message: 'lap 13: sector 1 has no time (0: a split line missed); the lap is kept without its sectors' }]);
  });

  it('says why a session whose Lap column stays 0 has no laps, and names a sample row it cannot read', () => {
    expect(preview(raceBoxStart(100).join('\r\n'))).toMatchObject({ laps: [], problems: [{ line: 1, message: "this RaceBox export has no completed lap: its 'Lap' column is 0 throughout (no track was set, or no lap was finished)" }] });
    const lines = raceBoxStart(2000);
    lines[499] = 'garbled';
    const p = preview(lines.join('\r\n'));
    expect(rows(p)).toEqual([[1, '0:36.520', 'timed']]);
    expect(p.problems).toEqual([{ line: 500, message: "no sample: Time '' must be a time and Lap '' a lap number" }]);
  });
});

describe("Harry's LapTimer CSV (a file written from Harry's description of the export)", () => {
  it('reads a lap from the start of its LAPINDEX (TIME − TIME_LAP) to the next one, exact at one fix a second, leaving out the fixes before the first change and after the last', () => {
    const p = preview(exportFile('harrys-laptimer.csv'));
    expect(p.format).toBe('harrys-csv');
    expect(p.problems).toEqual([]);
    // awk -F, 'NR>2 && $2!=l {split($4,h,":"); s=h[1]*3600+h[2]*60+h[3]-$5; if (p) printf "%d-%d %.3f\n", q, NR-1, s-p; p=s; q=NR; l=$2}' …
    // → 3-21 18.668 (from the first fix to the first crossing); 22-91 69.870; 92-160 68.914; 161-229 69.205 (lines 230–243 follow the last crossing)
    expect(p.laps.map((l) => [l.line, l.lapNumber, l.time, l.kind])).toEqual([
      [22, 1, '1:09.870', 'timed'],
      [92, 2, '1:08.914', 'timed'],
      [161, 3, '1:09.205', 'timed'],
    ]);
  });

  it("reads the earlier export's header (TIMEFROMSTART[s], no banner line), a session past midnight, and names a fix it cannot read", () => {
    const header =
      'LAPINDEX,DATE,TIME,LATITUDE[degrees],LONGITUDE[degrees],SPEED[km/h],HEIGHT[m],GPSDIFFERENTIAL[UNKNOWN;2D3D;DGPS;INVALID],GPSFIX[NOFIX;2D;3D;UNKNOWN],SATELLITES,DIRECTION[degree],HOP,DISTANCEFROMSTART[m],TIMEFROMSTART[s],ACCELERATIONSOURCE[CALCULATED;MEASURED;UNDEFINED],LATERALG,LINEALG,LATITUDEG[degree],LONGITUDEG[degree],RPM,MAF,OBDSPEED[km/h],THROTTLE';
    // Laps start at 23:59:10.250, 00:00:12.750 and 00:01:14.625 (s since the first midnight below); a fix a second.
    const starts = [86_339.5, 86_350.25, 86_412.75, 86_474.625];
    const rows: string[] = [];
    for (let t = 86_339.5; t <= 86_480.5; t += 1) {
      const k = starts.filter((start) => start <= t).length - 1;
      const ofDay = t % 86_400;
      const time = `${Math.floor(ofDay / 3600)}:${String(Math.floor((ofDay % 3600) / 60)).padStart(2, '0')}:${(ofDay % 60).toFixed(2).padStart(5, '0')}`;
      rows.push(`${7 + k},${t < 86_400 ? '21-MAR-26' : '22-MAR-26'},${time},47.2542,-122.3271,100.0,131.0,2,3,11,90.0,0.7,0.0,${(t - starts[k]!).toFixed(6)},1,0.0,0.0,0,0,0,0,0,0`);
    }
    // The 41st fix (line 42), 23:59:39.50, 29.25 s into LAPINDEX 8, loses its TIME.
    rows[40] = rows[40]!.replace(/^(\d+,[^,]+,)[^,]+/, '$1');
    const p = preview([header, ...rows].join('\n'));
    expect(p.format).toBe('harrys-csv');
    expect(rows[0]).toMatch(/^7,21-MAR-26,23:58:59\.50,/);
    expect(p.laps.map((l) => [l.lapNumber, l.time])).toEqual([
      [1, '1:02.500'],
      [2, '1:01.875'],
    ]);
    expect(p.problems).toEqual([{ line: 42, message: "no fix: LAPINDEX '8', TIME '' and TIMEFROMSTART '29.250000' must be a lap, a time of day and seconds" }]);
  });
});

/**
 * A VBO file laid out as RaceBox writes one (its sections, channels and `[laptiming]` line as in a
 * published RaceBox file, nesterione/lapvisor samples/RaceBox Track Sessionon 05-05-2026 19-35.vbo:
 * latitude before longitude, in minutes, west positive, the two ends of the line), sampled at `hz`
 * around a circle of 1,929 m: over the line (20 m across the track) at each of `crossings` (s since
 * the first sample) at a steady speed in each lap, at a lap of 70 s before the first and after the last.
 */
function raceBoxVbo(hz: number, crossings: number[], endS: number): string {
  const radius = 1929 / (2 * Math.PI);
  const [lat0, lon0] = [54.7253, 25.3493];
  const [metresPerLat, metresPerLon] = [111_195, 111_195 * Math.cos((lat0 * Math.PI) / 180)];
  const angle = (t: number) => {
    const k = crossings.filter((c) => c <= t).length;
    if (k === 0 || k === crossings.length) return 2 * Math.PI * (Math.max(k - 1, 0) + (t - crossings[Math.max(k - 1, 0)]!) / 70);
    return 2 * Math.PI * (k - 1 + (t - crossings[k - 1]!) / (crossings[k]! - crossings[k - 1]!));
  };
  const signed = (minutes: number, width: number) => `${minutes < 0 ? '-' : '+'}${Math.abs(minutes).toFixed(5).padStart(width, '0')}`;
  // East and north of the centre (m) → VBO latitude and longitude (minutes, west positive).
  const position = (east: number, north: number) => `${signed((lat0 + north / metresPerLat) * 60, 11)} ${signed(-(lon0 + east / metresPerLon) * 60, 12)}`;
  const samples: string[] = [];
  for (let i = 0; i / hz <= endS; i++) {
    const t = i / hz;
    const clock = 16 * 3600 + 35 * 60 + 8 + t;
    const time = `${String(Math.floor(clock / 3600)).padStart(2, '0')}${String(Math.floor((clock % 3600) / 60)).padStart(2, '0')}${(clock % 60).toFixed(2).padStart(5, '0')}`;
    const a = angle(t);
    const heading = ((((-a * 180) / Math.PI) % 360) + 360) % 360;
    samples.push(`${time} ${position(radius * Math.cos(a), radius * Math.sin(a))} 099.500 ${heading.toFixed(2).padStart(6, '0')} +00145.77 -0.504 +0.116 +1.039 +5.880 +4.470 -7.130 8`);
  }
  const header = ['time', 'latitude', 'longitude', 'velocity kmh', 'heading', 'height', 'LongAcc', 'LatAcc', 'VertAcc', 'x-rotation-gyroscope', 'y-rotation-gyroscope', 'z-rotation-gyroscope', 'satellites'];
  return [
    'File created on 05/05/2026 @ 16:35',
    '',
    '[header]',
    ...header,
    '',
    '[comments]',
    'Generated by RaceBox',
    'UTC Date Started : 05/05/2026 16:35',
    '',
    '[laptiming]',
    `Start        ${position(radius - 10, 0)} ${position(radius + 10, 0)} ¬   Start / Finish`,
    '',
    '[column names]',
    'time lat lng velocity heading height LongAcc LatAcc VertAcc x-rotation-gyroscope y-rotation-gyroscope z-rotation-gyroscope sats',
    '',
    '[data]',
    ...samples,
    '',
  ].join('\r\n');
}

describe('VBO file as RaceBox writes it (latitude first, the two ends of the line)', () => {
  const crossings = [12.318, 82.188, 151.102, 220.307];

  it.each([10, 25])('at %i Hz, reads each lap as the time between two crossings of the line, interpolated between samples to the ms', (hz) => {
    const p = preview(raceBoxVbo(hz, crossings, 240));
    expect(p.format).toBe('vbox-vbo');
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => [l.lapNumber, l.kind])).toEqual([[1, 'timed'], [2, 'timed'], [3, 'timed']]);
    // The speed changes at the line by up to 1.4 % from one lap to the next: the interpolation errs by well under a ms.
    const truth = [69_870, 68_914, 69_205];
    p.laps.forEach((l, i) => expect(Math.abs(l.lapTimeMs - truth[i]!)).toBeLessThanOrEqual(1));
  });

  it('says so when the file has no start line in [laptiming], or its samples never cross it', () => {
    const text = raceBoxVbo(10, crossings, 240);
    expect(preview(text.replace(/\[laptiming\]\r\nStart[^\r]*/, '[laptiming]')).problems).toEqual([
      { line: 1, message: 'this VBO file has no start/finish line ([laptiming] Start): load the circuit in Circuit Tools or on the logger and export again' },
    ]);
    const beforeTheLine = preview(raceBoxVbo(10, [40], 30));
    expect(beforeTheLine.laps).toEqual([]);
    expect(beforeTheLine.problems).toEqual([{ line: 23, message: 'the samples never cross the start/finish line of [laptiming]' }]);
  });
});

describe('plain lines', () => {
  it('reads a CSV with a header, lap numbers and kinds', () => {
    const p = preview('Lap,Time,Flag\n1,1:55.201,OUT\n2,1:43.100,\n3;1.42.318\n4\t1:50.9\tpit\n');
    expect(p.format).toBe('lines');
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => [l.line, l.lapNumber, l.lapTimeMs, l.kind])).toEqual([
      [2, 1, 115_201, 'out'],
      [3, 2, 103_100, 'timed'],
      [4, 3, 102_318, 'timed'],
      [5, 4, 110_900, 'in'],
    ]);
  });

  it('reads a lap number and a time, or a time alone, skipping blank lines', () => {
    expect(rows(preview('1 1:44.5\n\n2 102.9 invalid\n1:41.950'))).toEqual([[1, '1:44.500', 'timed'], [2, '1:42.900', 'invalid'], [3, '1:41.950', 'timed']]);
  });

  it('names every line it cannot read, quoting it, with the reason, and keeps the readable ones', () => {
    const p = preview('1 1:44.5\n2 1:4x.5\n3 5.2\nyellow flag\n4 1:42.0 1:43.0');
    expect(p.laps).toHaveLength(1);
    expect(p.problems.map((x) => x.line)).toEqual([2, 3, 4, 5]);
    expect(p.problems[0]!.message).toMatch(/^'2 1:4x\.5': /);
    expect(p.problems[1]!.message).toContain('outside 10 s – 24 h');
    expect(p.problems[2]!.message).toBe("'yellow flag': no lap time");
    expect(p.problems[3]!.message).toContain('more than one lap time');
  });
});

describe('plausibility over the race event track length', () => {
  it('flags (as invalid) a lap averaging above 350 km/h over the track, with the speed, and leaves the others', () => {
    const p = preview('1 1:09.870\n2 0:19.500\n3 1:08.914', { trackLengthKm: 1.929 });
    expect(p.laps.map((l) => l.kind)).toEqual(['timed', 'invalid', 'timed']);
    expect(p.laps[1]!.implausible).toMatch(/^0:19\.500 over 1\.929 km is an average of 356 km\/h/);
    expect(p.laps[0]).not.toHaveProperty('implausible');
  });

  it('flags nothing without a known track length', () => {
    expect(preview('1 0:19.500').laps[0]).toMatchObject({ kind: 'timed' });
  });
});

describe('files that are no lap export', () => {
  const bytes = (...b: number[]) => new TextDecoder().decode(Uint8Array.from(b));
  it.each([
    ['a PNG image', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52), /^This is a PNG image, not a lap time export: /],
    ['a JPEG photo', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0), /^This is a photo \(JPEG\), not a lap time export: /],
    ['a PDF', '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', /^This is a PDF document, not a lap time export: /],
    ['an empty file', '', /^The file is empty: /],
    ['blank lines', '\n \n\t\n', /^The file is empty: /],
    ['other binary data', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0), /^This file is not text/],
  ])('answers %s with one sentence', (_, text, message) => {
    const result = readLapExport(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
    expect(!result.ok && result.message.match(/\./g)?.length).toBe(1);
  });
});
