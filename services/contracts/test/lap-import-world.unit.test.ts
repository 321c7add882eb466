import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLapExport, type LapExportOptions } from '../src/lap-import/index.ts';
import { sectorStatistics, type LapsPreview } from '../src/index.ts';

/**
 * The timing sheets and logger files of real races and sessions (lap-exports/README.md says where
 * each file comes from). The expected figures were counted from the files with awk, independently
 * of the reader; each command is quoted beside its figure.
 */
const exportFile = (name: string) => readFileSync(path.join(import.meta.dirname, 'lap-exports', name), 'utf8');
const SPA = 'wec-2025-spa-6h-cars-7-007.csv';
const LE_MANS = 'wec-2024-le-mans-24h-cars-50-20.csv';
const TSL = 'tsl-gtwc-asia-round-4-race-2-cars-37-96-18.csv';
const ORBITS = 'orbits-nasa-time-trial-laptimes.csv';

function preview(text: string, options?: LapExportOptions): LapsPreview {
  const result = readLapExport(text, options);
  if (!result.ok) throw new Error(result.message);
  return result.preview;
}

describe('car numbers are text, as the sheet writes them', () => {
  it("keeps Toyota's 7 and Aston Martin's 007 of WEC 2025 Spa apart, and offers each once", () => {
    const text = exportFile(SPA);
    expect(preview(text).carNumbers).toEqual(['7', '007']);
    // awk -F';' 'NR>1 && $1=="7"' … | wc -l → 150, drivers Kamui KOBAYASHI, Mike CONWAY, Nyck DE VRIES
    const toyota = preview(text, { carNumber: '7' });
    expect(toyota.laps).toHaveLength(150);
    expect([...new Set(toyota.laps.map((l) => l.driverName))].sort()).toEqual(['Kamui KOBAYASHI', 'Mike CONWAY', 'Nyck DE VRIES']);
    // awk -F';' 'NR>1 && $1=="007"' … | wc -l → 150, drivers Harry TINCKNELL, Tom GAMBLE
    const aston = preview(text, { carNumber: '007' });
    expect(aston.laps).toHaveLength(150);
    expect([...new Set(aston.laps.map((l) => l.driverName))].sort()).toEqual(['Harry TINCKNELL', 'Tom GAMBLE']);
  });

  it('reads a car number not in the file as a refusal naming the cars', () => {
    expect(readLapExport(exportFile(SPA), { carNumber: '07' })).toEqual({ ok: false, field: 'carNumber', message: 'Car 07 is not in this file: it holds cars 7, 007.' });
  });
});

describe('a 24-hour race, whole (Le Mans 2024)', () => {
  const text = exportFile(LE_MANS);

  it("reads all 311 laps of the winner, #50, with its 26 stops and each out lap's pit time", () => {
    const p = preview(text, { carNumber: '50' });
    // awk -F';' 'NR>1 && $1=="50"' … | wc -l → 311; the last LAP_NUMBER is 311
    expect(p.laps).toHaveLength(311);
    expect(p.laps.at(-1)!.lapNumber).toBe(311);
    expect(p.problems).toEqual([]);
    // awk -F';' 'NR>1 && $1=="50" && $6=="B"' … | wc -l → 26 in laps; PIT_TIME filled on 26 rows summing to 2557.862 s
    expect(p.laps.filter((l) => l.kind === 'in')).toHaveLength(26);
    const outs = p.laps.filter((l) => l.kind === 'out');
    expect(outs).toHaveLength(26);
    expect(outs.every((l) => l.pitStopMs !== undefined)).toBe(true);
    expect(outs.reduce((sum, l) => sum + l.pitStopMs!, 0)).toBe(2_557_862);
    // awk … '$1=="50" && $21!=""' | head -1 → lap 13, PIT_TIME 0:01:17.492
    expect(outs[0]).toMatchObject({ lapNumber: 13, pitStopMs: 77_492 });
  });

  it("keeps BMW #20's garage lap of 17:31:33.055 as invalid, flagged, with its pit time, and the car's 96 laps", () => {
    const p = preview(text, { carNumber: '20' });
    // awk -F';' 'NR>1 && $1=="20"' … | wc -l → 96; lap 93 LAP_TIME 17:31:33.055 after lap 92 'B', PIT_TIME 17:27:26.277
    expect(p.laps).toHaveLength(96);
    const garage = p.laps.find((l) => l.lapNumber === 93)!;
    expect(garage).toMatchObject({ time: '17:31:33.055', lapTimeMs: 63_093_055, kind: 'invalid', pitStopMs: 62_846_277 });
    expect(garage.implausible).toContain('over 30 min');
    expect(p.laps.find((l) => l.lapNumber === 92)!.kind).toBe('in');
  });

  it('names the car of a line it cannot read, and shows it under that car only', () => {
    const broken = text.replace(/^(20;\d+;94;)4:10\.211;/m, '$1garage;');
    expect(preview(broken, { carNumber: '20' }).problems).toEqual([{ line: 95, message: "car 20, lap 94: 'garage' is not a lap time" }]);
    expect(preview(broken, { carNumber: '50' }).problems).toEqual([]);
  });

  it('counts in and out laps in the best sectors as official timing does (S2 80.030 on an in lap of #50)', () => {
    const p = preview(text, { carNumber: '50' });
    // Best S1/S2/S3 over laps not invalid, by awk on S1..S3 (col 7, 9, 11): 33.024, 1:20.030 (lap 47, 'B'), 1:35.567;
    // over timed laps only S2 would be 1:20.037.
    const laps = p.laps.map((l) => ({ kind: l.kind, sectorsMs: l.sectorsMs ?? [] }));
    expect(sectorStatistics(laps)).toEqual({ bestSectorsMs: [33_024, 80_030, 95_567], theoreticalBestMs: 208_621 });
  });
});

describe("the older 25-column Al Kamel layout (WEC 2020, 6 Hours of Spa)", () => {
  const text = exportFile('wec-2020-spa-6h-cars-1-8.csv');

  it("reads the winner, Toyota #8: 143 laps, 8 stops with their pit times, three drivers, best lap 2:02.310 on lap 89", () => {
    expect(preview(text).carNumbers).toEqual(['1', '8']);
    const p = preview(text, { carNumber: '8' });
    // awk -F';' 'NR>1 && $1=="8"' … | wc -l → 143; with PIT_TIME ($21) → 8; CROSSING_FINISH_LINE_IN_PIT ($6) = B → 8
    expect(p.laps).toHaveLength(143);
    expect(p.problems).toEqual([]);
    expect(p.laps.filter((l) => l.pitStopMs !== undefined)).toHaveLength(8);
    expect(p.laps.filter((l) => l.kind === 'in')).toHaveLength(8);
    // awk … '{print $20}' | sort | uniq -c → 62 Sébastien BUEMI, 41 Brendon HARTLEY, 40 Kazuki NAKAJIMA
    const laps = (driver: string) => p.laps.filter((l) => l.driverName === driver).length;
    expect([laps('Sébastien BUEMI'), laps('Brendon HARTLEY'), laps('Kazuki NAKAJIMA')]).toEqual([62, 41, 40]);
    // awk: the smallest m:ss.fff of $4 for car 8 → 122310 ms on lap 89
    const best = p.laps.filter((l) => l.kind === 'timed').reduce((a, b) => (b.lapTimeMs < a.lapTimeMs ? b : a));
    expect([best.lapNumber, best.lapTimeMs]).toEqual([89, 122_310]);
  });

  it("takes Rebellion #1's first stop from PIT_TIME: out lap 17 after 1:08.870 in the pits", () => {
    const lap17 = preview(text, { carNumber: '1' }).laps.find((l) => l.lapNumber === 17)!;
    // awk -F';' 'NR>1 && $1=="1" && $21!=""{print $3, $21}' … | head -1 → 17 0:01:08.870
    expect([lap17.kind, lap17.pitStopMs, lap17.driverName]).toEqual(['out', 68_870, 'Norman NATO']);
  });
});

describe('MoTeC i2 CSV: outings exported by i2 (Gran Turismo, Grand Valley Speedway, 1 Hz)', () => {
  it.each([
    // awk -F'"' '/^"Beacon Markers"/{split($4,m," "); printf "%.3f", m[2]-m[1]}' … → 165.843 (markers "24.324 190.167 " on line 12, Duration 194.983)
    ['motec-i2-grand-valley-blakely-1hz.csv', '2:45.843', 165_843],
    // same command → 255.088 (markers "45.596 300.684 " on line 12, Duration 304.233)
    ['motec-i2-grand-valley-1hz.csv', '4:15.088', 255_088],
  ])('%s: reads the one lap between its two beacons as i2 numbers it (lap 2) and leaves out the stretches before and after, driven through', (name, time, ms) => {
    const p = preview(exportFile(name));
    expect(p.format).toBe('motec-csv');
    expect(p.problems).toEqual([]);
    // awk -F'"' '/^"Driver"/{print $4}' … → L. TANG; awk -F'","' 'NR==16{print $3} NR==19{print $3} END{print $3}' … → km/h, 30.3, then 197.1 / 70.1:
    // the car is moving at the first and the last sample, so neither end is an out or in lap.
    expect(p.laps).toEqual([{ lapNumber: 2, time, lapTimeMs: ms, kind: 'timed', driverName: 'L. TANG', line: 12 }]);
  });

  it('reads the stretch before the first beacon as the out lap when the car stood at the first sample', () => {
    // The first sample's Vehicle Speed (3rd cell of line 19, "30.3") set to 0.0: the outing began at a standstill.
    const text = exportFile('motec-i2-grand-valley-blakely-1hz.csv').replace(/^("0\.000","0",)"30\.3"/m, '$1"0.0"');
    expect(preview(text).laps.map((l) => [l.lapNumber, l.time, l.kind])).toEqual([
      [1, '0:24.324', 'out'],
      [2, '2:45.843', 'timed'],
    ]);
  });
});

describe('RaceBox CSV: a track session exported by the RaceBox app (a timed run on a point-to-point course)', () => {
  const text = exportFile('racebox-track-session-2026-06-21.csv');

  it("reads the one completed lap from the Lap column, from its first sample to the first sample in no lap, and not the stretches in Lap 0", () => {
    const p = preview(text);
    expect(p.format).toBe('racebox-csv');
    expect(p.problems).toEqual([]);
    // awk -F, 'NR>1 && $10!=p {print NR, $2, $10} {p=$10}' … → line 2 …33.160Z Lap 0, line 1032 20:44:16.080Z Lap 1, line 1906 20:44:52.600Z Lap 0:
    // lap 1 = 52.600 − 16.080 = 36.520 s.
    expect(p.laps).toEqual([{ lapNumber: 1, time: '0:36.520', lapTimeMs: 36_520, kind: 'timed', line: 1032 }]);
    // RaceBox's own time of the run, 36.480 s (interpolated at the line; beadon/RacePlex docs/research/FORMATS.md), is within the 40 ms between two samples.
    expect(Math.abs(p.laps[0]!.lapTimeMs - 36_480)).toBeLessThanOrEqual(40);
  });
});

describe("TSL Timing 'Sector Analysis' CSV (GT World Challenge Asia, round 4, race 2)", () => {
  const text = exportFile(TSL);
  // awk -F, 'NR>1 && $2==37' … | wc -l → 36 (lapnumber 1 to 36); $6 in_lap TRUE on lap 20, $4 out_lap TRUE on lap 21
  const car37 = () => preview(text, { carNumber: '37' });

  it('lists its three cars and reads no laps until one is chosen', () => {
    // awk -F, 'NR>1{print $2}' … | sort -u → 18 37 96
    expect(preview(text)).toMatchObject({ format: 'lines', laps: [], carNumbers: ['18', '37', '96'] });
    expect(readLapExport(text, { carNumber: '037' })).toMatchObject({ ok: false, field: 'carNumber' });
  });

  it("reads the winner's 36 laps as numbered, with its sectors and drivers, and nothing of the other cars", () => {
    const p = car37();
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => l.lapNumber)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    // The rows of car 37 are lines 2 to 37 (awk -F, '$2==37{print NR}' …); 96 and 18 come after.
    expect(p.laps.every((l) => l.line >= 2 && l.line <= 37)).toBe(true);
    // awk -F, 'NR>1 && $2==37{print $20}' … | sort | uniq -c → 20 Loek HARTOG, 16 Anthony Xu LIU
    expect(p.laps.filter((l) => l.driverName === 'Loek HARTOG')).toHaveLength(20);
    expect(p.laps.filter((l) => l.driverName === 'Anthony Xu LIU')).toHaveLength(16);
    // awk -F, '$2==37 && $9==2{print $10, $11, $12, $13}' … → 1:31.607 28.584 35.601 27.422
    expect(p.laps[1]).toMatchObject({ lapTimeMs: 91_607, sectorsMs: [28_584, 35_601, 27_422] });
    // awk -F, '$2==37 && $11!="" && $12!="" && $13!=""' … | wc -l → 33: lap 1 (a standing start, no S1), the in lap (no S3) and the out lap (no S1) have none
    expect(p.laps.filter((l) => l.sectorsMs)).toHaveLength(33);
    expect([1, 20, 21].map((n) => p.laps.find((l) => l.lapNumber === n)!.sectorsMs)).toEqual([undefined, undefined, undefined]);
  });

  it("reads in_lap TRUE as an in lap, out_lap TRUE as an out lap, and the stop from time_in_lap to time_out_lap as the out lap's pit time", () => {
    const p = car37();
    expect(p.laps.filter((l) => l.kind !== 'timed').map((l) => [l.lapNumber, l.kind, l.pitStopMs])).toEqual([
      [20, 'in', undefined],
      // awk -F, 'function ms(t, a){split(t,a,":"); return ((a[1]*60+a[2])*60+a[3])*1000} $6=="TRUE"{i=ms($7)} $4=="TRUE"{print $2, $9, ms($5)-i}' … → 37 21 100384
      [21, 'out', 100_384],
    ]);
  });

  it('reads the two stops of car 96 (the second a short one) and the laps of car 18, which has no sector times', () => {
    const p96 = preview(text, { carNumber: '96' });
    // The same awk → 96 20 100917, 96 26 38366
    expect(p96.laps.filter((l) => l.kind !== 'timed').map((l) => [l.lapNumber, l.kind, l.pitStopMs])).toEqual([
      [19, 'in', undefined],
      [20, 'out', 100_917],
      [25, 'in', undefined],
      [26, 'out', 38_366],
    ]);
    const p18 = preview(text, { carNumber: '18' });
    // awk -F, 'NR>1 && $2==18' … | wc -l → 36, none with a sector time; the same awk → 18 21 107341
    expect(p18.laps).toHaveLength(36);
    expect(p18.laps.some((l) => l.sectorsMs)).toBe(false);
    expect(p18.laps.find((l) => l.lapNumber === 21)).toMatchObject({ kind: 'out', pitStopMs: 107_341, driverName: 'Yuichi NAKAYAMA' });
  });
});

describe("Orbits (MYLAPS) lap times CSV: each car's laps under a line naming it (NASA time trial)", () => {
  const text = exportFile(ORBITS);

  it('lists its 18 cars from the lines naming them and reads no laps until one is chosen (not as a Speedhive file)', () => {
    // awk '/^[0-9]+ - /{print $1}' … | sort -n → 2 43 65 78 79 81 90 97 111 128 131 137 181 197 222 303 387 930
    expect(preview(text)).toMatchObject({
      format: 'lines',
      laps: [],
      carNumbers: ['2', '43', '65', '78', '79', '81', '90', '97', '111', '128', '131', '137', '181', '197', '222', '303', '387', '930'],
    });
  });

  it("reads the chosen car's laps only, numbered as written, with the name of its line as the driver", () => {
    const p = preview(text, { carNumber: '181' });
    expect(p.problems).toEqual([]);
    // awk '/^181 - /{f=1;next} /^[0-9]+ - /{f=0} f{print NR, $0}' … → lines 3-7, laps 1-5: 2:00.295 2:00.046 2:00.724 2:18.789 2:01.848
    expect(p.laps.map((l) => [l.line, l.lapNumber, l.time])).toEqual([
      [3, 1, '2:00.295'],
      [4, 2, '2:00.046'],
      [5, 3, '2:00.724'],
      [6, 4, '2:18.789'],
      [7, 5, '2:01.848'],
    ]);
    expect(p.laps.every((l) => l.driverName === 'Ryan Sotak' && l.kind === 'timed')).toBe(true);
    // grep -n '^65 - ' … → 62:65 - Team Half Ass Racing - TT4; awk … 387 → one lap, 2:50.016 on line 102
    expect(preview(text, { carNumber: '65' }).laps.every((l) => l.driverName === 'Team Half Ass Racing')).toBe(true);
    expect(preview(text, { carNumber: '387' }).laps.map((l) => [l.line, l.time])).toEqual([[102, '2:50.016']]);
  });
});

describe('tables by their columns', () => {
  it('reads decimal commas in a paste and in a ;-separated file', () => {
    expect(preview('1 2:40,9\n2 2:38,75').laps.map((l) => l.lapTimeMs)).toEqual([160_900, 158_750]);
    const p = preview('Lap;Lap time;S1;S2;S3\n1;1:09,87;23,431;22,907;23,532\n2;1:08,914;23,102;22,771;23,041');
    expect(p.laps.map((l) => [l.lapNumber, l.lapTimeMs, l.sectorsMs])).toEqual([
      [1, 69_870, [23_431, 22_907, 23_532]],
      [2, 68_914, [23_102, 22_771, 23_041]],
    ]);
  });

  it('reads a spreadsheet paste of lap, time, S1, S2, S3 and driver (tab-separated, with a header)', () => {
    const p = preview('Lap\tTime\tS1\tS2\tS3\tDriver\n12\t1:09.870\t23.431\t22.907\t23.532\tAiko TANAKA\n13\t1:08.914\t23.102\t22.771\t23.041\tAiko TANAKA');
    expect(p.problems).toEqual([]);
    expect(p.laps).toMatchObject([
      { lapNumber: 12, lapTimeMs: 69_870, sectorsMs: [23_431, 22_907, 23_532], driverName: 'Aiko TANAKA' },
      { lapNumber: 13, lapTimeMs: 68_914, sectorsMs: [23_102, 22_771, 23_041], driverName: 'Aiko TANAKA' },
    ]);
  });

  it('reads a typed paste with sectors on some lines without dropping or renumbering any', () => {
    const p = preview('1 1:10.402\n2 1:09.870 23.431 22.907 23.532\n3 1:08.914');
    expect(p.problems).toEqual([]);
    expect(p.laps.map((l) => [l.lapNumber, l.lapTimeMs, l.sectorsMs])).toEqual([
      [1, 70_402, undefined],
      [2, 69_870, [23_431, 22_907, 23_532]],
      [3, 68_914, undefined],
    ]);
  });

  it('asks which car of a lap chart with a car column, and reads the Pit flag as an in lap', () => {
    const chart = ['No.,Lap,Lap Tm,Pit', '14,1,1:02.101,', '7,1,1:02.900,', '14,2,1:01.550,P', '7,2,1:01.870,', '14,3,1:15.330,', '7,3,1:01.790,'].join('\n');
    expect(preview(chart)).toMatchObject({ laps: [], carNumbers: ['7', '14'] });
    expect(preview(chart, { carNumber: '14' }).laps.map((l) => [l.lapNumber, l.lapTimeMs, l.kind])).toEqual([
      [1, 62_101, 'timed'],
      [2, 61_550, 'in'],
      [3, 75_330, 'out'],
    ]);
  });
});

describe('TrackAddict CSV: a whole session of TrackAddict 4.3.5 on Android (25,198 samples)', () => {
  const text = exportFile('trackaddict-4.3.5-stc-log.csv');

  it('reads its four laps from the # Lap lines, not lap 0 (the stretch before the first crossing), and none of the samples as a problem', () => {
    // grep -vc '^#' … → 25199: the header and 25,198 samples
    expect(text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length).toBe(25_199);
    const p = preview(text);
    expect(p.format).toBe('trackaddict-csv');
    expect(p.problems).toEqual([]);
    // awk '/^# Pit Lane Entry/{e=1} /^# Pit Lane Exit/{x=1} /^# Lap [0-9]+:/{print NR, $3, $4, (e?"in":x?"out":"timed"); e=x=0}' …
    // → 3163 0: 00:02:35.138 timed; 12146 1: 00:07:24.553 in; 14332 2: 00:01:47.089 out; 16683 3: 00:01:56.145 in; 23917 4: 00:05:57.906 in
    expect(p.laps.map((l) => [l.line, l.lapNumber, l.time, l.kind])).toEqual([
      [12146, 1, '7:24.553', 'in'],
      [14332, 2, '1:47.089', 'out'],
      [16683, 3, '1:56.145', 'in'],
      [23917, 4, '5:57.906', 'in'],
    ]);
  });
});

describe('VBOX VBO: a Racelogic Video VBOX file of an IndyCar (Road America 2025, FP1), 25 samples a second', () => {
  const text = exportFile('vbox-road-america-2025-fp1-run04-lap.vbo');

  it('reads the lap between two crossings of its [laptiming] start line, interpolated between samples, and no lap of the stretches before and after', () => {
    const p = preview(text);
    expect(p.format).toBe('vbox-vbo');
    expect(p.problems).toEqual([]);
    // The gate: 'Start +5279.378270 +2627.874410 +5279.378320 +2627.877020' (long, lat of its centre, then of a point 4.8 m
    // ahead); the crossings of the line through the centre at 90° to it, within 12.5 m of the centre:
    // awk '/^Start/{a=$2;b=$3;c=$4;d=$5;k=cos(b/60*atan2(0,-1)/180);L=sqrt(((a-c)*k)^2+(d-b)^2)} /^\[data\]/{on=1;next}
    //   on&&NF>9{x=(a-$4)*k;y=$3-b;s=x*(a-c)*k+y*(d-b);q=(x*(d-b)-y*(a-c)*k)/L*1852;t=substr($2,1,2)*3600+substr($2,3,2)*60+substr($2,5);
    //   if(n++&&(p<0)!=(s<0)){f=p/(p-s);w=q0+f*(q-q0);if(w<12.5&&w>-12.5){c2=t0+(t-t0)*f;printf "%d %.6f %.1f\n",NR,c2,w;if(c1)printf "lap %.3f\n",c2-c1;c1=c2}};p=s;t0=t;q0=q}' …
    // → 212 71148.683816 1.5 (line, s of the day, m from the centre); 3086 71263.643376 -2.1; lap 114.960
    // The car's own Lap_Number channel agrees: awk '/^\[data\]/{d=1;next} d{if($25!=l)print NR, $2, $25; l=$25}' …
    // → 2 from 194548.920 and 3 from 194743.920 (0.24 and 0.28 s after the crossings): 115.000 s.
    expect(p.laps.map((l) => [l.line, l.lapNumber, l.time, l.kind])).toEqual([[212, 1, '1:54.960', 'timed']]);
  });
});

describe('what it cannot read: one sentence', () => {
  it('answers telemetry samples with no lap in them with one sentence naming the formats it reads', () => {
    const samples = ['time,lat,lon,speed', ...Array.from({ length: 25_000 }, (_, i) => `${(i / 10).toFixed(1)},47.2542,-122.3271,${(i % 90) + 10}`)].join('\n');
    const result = readLapExport(samples);
    expect(result).toMatchObject({ ok: false, field: 'text' });
    expect(!result.ok && result.message).toMatch(/^This is not a lap time export Pitwall reads: export the laps as CSV from Al Kamel, TSL, Orbits\/MYLAPS, Speedhive/);
  });

  it('lists the first 20 lines it cannot read and counts the others', () => {
    const text = [...Array.from({ length: 30 }, (_, i) => `${i + 1} 1:4x.${i}`), ...Array.from({ length: 40 }, (_, i) => `${i + 31} 1:42.${String(i).padStart(3, '0')}`)].join('\n');
    const p = preview(text);
    expect(p.laps).toHaveLength(40);
    expect(p.problems).toHaveLength(20);
    expect(p.moreProblems).toBe(10);
  });
});
