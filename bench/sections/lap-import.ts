import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { readLapExport } from '@pitwall/contracts/lap-import';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { REPO_ROOT } from '../lib/season-events.ts';
import { median, nowMs } from '../lib/timing.ts';

/**
 * Section 10: the preview of a Le Mans-size timing sheet. The sheet is built from the real Le Mans
 * 2024 Al Kamel rows kept for the reader's tests (cars 50 and 20, 407 laps), copied under other car
 * numbers (`k50`, `k20`) until it is `megabytes` MB, as the published 3.0 MB sheet of 62 cars is.
 * One iteration reads it whole for one car (readLapExport, what the run sheet and POST …/laps/preview
 * run); the baseline is papaparse splitting the same text into rows, the floor of any reading of
 * it. Median of `iterations` after `warmup`; the target is ≤ 1 s.
 */
export interface LapImportSizes {
  megabytes: number;
  iterations: number;
  warmup: number;
}

const LAP_IMPORT_FULL: LapImportSizes = { megabytes: 3, iterations: 9, warmup: 2 };

const TARGET_MS = 1000;
const FIXTURE = path.join(REPO_ROOT, 'services/contracts/test/lap-exports/wec-2024-le-mans-24h-cars-50-20.csv');

/** The real sheet's header and its rows copied under car numbers prefixed 1, 2, … until the text is `megabytes` MB. */
function leMansSizeSheet(megabytes: number): string {
  const [header, ...rows] = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const copies: string[] = [header!];
  let size = header!.length;
  for (let k = 1; size < megabytes * 1024 * 1024; k += 1) {
    for (const row of rows) {
      const line = `${k}${row}`;
      copies.push(line);
      size += line.length + 1;
    }
  }
  return copies.join('\n');
}

/** Median ms of `run` over `sizes.iterations` runs after `sizes.warmup` unmeasured ones. */
function medianMs(run: () => unknown, sizes: LapImportSizes): number {
  for (let i = 0; i < sizes.warmup; i += 1) run();
  const samples = Array.from({ length: sizes.iterations }, () => {
    const start = nowMs();
    run();
    return nowMs() - start;
  });
  return median(samples);
}

/** Runs section 10. */
export async function benchLapImport(options: { sizes?: LapImportSizes } = {}): Promise<BenchResult[]> {
  const sizes = options.sizes ?? LAP_IMPORT_FULL;
  const text = leMansSizeSheet(sizes.megabytes);
  const check = readLapExport(text, { carNumber: '150' });
  if (!check.ok || check.preview.laps.length !== 311) throw new Error(`the Le Mans-size sheet did not read 311 laps of car 150: ${JSON.stringify(check).slice(0, 200)}`);
  const preview = medianMs(() => readLapExport(text, { carNumber: '150' }), sizes);
  const split = medianMs(() => Papa.parse<string[]>(text, { delimiter: ';' }), sizes);
  const rows = text.split('\n').length - 1;
  return [
    measured(
      10,
      'Timing sheet preview · Le Mans-size Al Kamel CSV, one car · median',
      `${fmt(text.length / 1024 / 1024, 2)} MB, ${rows.toLocaleString('en-US')} laps of ${check.preview.carNumbers!.length} cars, ${sizes.iterations} runs`,
      { value: preview, unit: 'ms' },
      { name: 'papaparse splitting the same text into rows', value: split, unit: 'ms' },
      { text: `≤ ${TARGET_MS} ms`, pass: preview <= TARGET_MS },
      ['The sheet: the real Le Mans 2024 rows of cars 50 and 20 (services/contracts/test/lap-exports) copied under car numbers 150, 120, 250, …'],
    ),
  ];
}
