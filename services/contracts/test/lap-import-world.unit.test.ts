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

  it('answers the preview of the whole 3 MB Le Mans sheet in well under a second', () => {
    const started = performance.now();
    const p = preview(text.repeat(38).replace(/^\uFEFF?NUMBER;.*\r?\n/gm, (header, offset: number) => (offset === 0 ? header : '')), { carNumber: '50' });
    expect(p.laps.length).toBeGreaterThan(311);
    expect(performance.now() - started).toBeLessThan(2000);
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
