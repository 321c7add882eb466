import { readDurationMs, byCarNumber, delimitedRows } from './reading.ts';
import type { ResultStatus } from '../values/standings.ts';

/**
 * A round's classification read from the timing's files, for the organiser to check before saving:
 * - Al Kamel 'Classification' CSV (`POSITION;NUMBER;…;STATUS;LAPS;TOTAL_TIME;…;FL_TIME;…`, the
 *   columns found by name as their layouts differ by championship): position, laps and best lap as
 *   published; STATUS 'Classified' → classified, 'Disqualified'/'DSQ' → dsq, anything else
 *   (Retired, 'Not classified', 'Not started') → dnf. Minutes may be written with an apostrophe
 *   (`1'58.056`), seconds with a decimal comma.
 * - Al Kamel 'Analysis' CSV (one row per lap, the file the lap import reads): per car its laps, its
 *   best LAP_TIME and the ELAPSED time of its last lap; the classification is by laps (most first),
 *   then by that time (the first to finish them first), every car 'classified' (the file does not say
 *   who retired: the organiser marks DNF before saving).
 * Each car keeps its number as the file writes it (`007` is not `7`) and the file's CLASS.
 */

/** One car as read from the file. */
export interface ClassificationRow {
  number: string;
  position: number;
  laps: number;
  bestLapMs: number | null;
  status: ResultStatus;
  /** The CLASS column of the file ('' when it has none). */
  fileClass: string;
}

/** The cars of the file in position order, or why it cannot be read (a sentence for the organiser). */
export type ClassificationReading = { ok: true; rows: ClassificationRow[] } | { ok: false; message: string };

const NOT_READ = "This file is not a classification Pitwall reads: use the timing's 'Classification' or 'Analysis' CSV (Al Kamel, semicolon separated)";

/** A duration as the classification writes it, `1'58.056` and `1:58.056` alike; null when blank or not a time. */
const durationMs = (cell: string | undefined) => (cell ? readDurationMs(cell.replace(/'/g, ':')) : null);

/** The status a classification's STATUS cell means. */
function statusOf(cell: string): ResultStatus {
  const text = cell.trim().toLowerCase();
  if (text === 'classified') return 'classified';
  if (text === 'disqualified' || text === 'dsq' || text === 'excluded') return 'dsq';
  return 'dnf';
}

/** Reads a 'Classification' CSV from its header row. */
function fromClassification(rows: string[][], at: (name: string) => number): ClassificationRow[] {
  const [position, number, status, laps, best, klass] = ['POSITION', 'NUMBER', 'STATUS', 'LAPS', 'FL_TIME', 'CLASS'].map(at) as [number, number, number, number, number, number];
  return rows.slice(1).filter((r) => (r[number] ?? '') !== '').map((r) => ({
    number: r[number]!,
    position: Number(r[position]),
    laps: Number(r[laps] ?? 0) || 0,
    bestLapMs: durationMs(r[best]),
    status: status === -1 ? 'classified' : statusOf(r[status] ?? ''),
    fileClass: klass === -1 ? '' : (r[klass] ?? ''),
  }));
}

/** Reads an 'Analysis' CSV (a row per lap) into each car's laps, best lap and last elapsed time, in finishing order. */
function fromAnalysis(rows: string[][], at: (name: string) => number): ClassificationRow[] {
  const [number, lapTime, elapsed, klass] = ['NUMBER', 'LAP_TIME', 'ELAPSED', 'CLASS'].map(at) as [number, number, number, number];
  const cars = new Map<string, { laps: number; bestLapMs: number | null; elapsedMs: number; fileClass: string }>();
  for (const r of rows.slice(1)) {
    const car = r[number] ?? '';
    if (car === '') continue;
    const seen = cars.get(car) ?? { laps: 0, bestLapMs: null, elapsedMs: 0, fileClass: klass === -1 ? '' : (r[klass] ?? '') };
    const ms = durationMs(r[lapTime]);
    seen.laps += 1;
    if (ms !== null && (seen.bestLapMs === null || ms < seen.bestLapMs)) seen.bestLapMs = ms;
    seen.elapsedMs = durationMs(r[elapsed]) ?? seen.elapsedMs;
    cars.set(car, seen);
  }
  return [...cars]
    .sort(([a, x], [b, y]) => y.laps - x.laps || x.elapsedMs - y.elapsedMs || byCarNumber(a, b))
    .map(([car, seen], i) => ({ number: car, position: i + 1, laps: seen.laps, bestLapMs: seen.bestLapMs, status: 'classified' as const, fileClass: seen.fileClass }));
}

/** Reads a classification from the text of an Al Kamel 'Classification' or 'Analysis' CSV (see the module's note). */
export function readClassification(text: string): ClassificationReading {
  const rows = delimitedRows(text.replace(/^\uFEFF/, ''), ';');
  const header = (rows[0] ?? []).map((c) => c.trim().toUpperCase());
  const at = (name: string) => header.indexOf(name);
  const read = at('POSITION') !== -1 && at('NUMBER') !== -1 && at('LAPS') !== -1 ? fromClassification : at('NUMBER') !== -1 && at('LAP_TIME') !== -1 && at('ELAPSED') !== -1 ? fromAnalysis : null;
  if (!read) return { ok: false, message: NOT_READ };
  const cars = read(rows, at);
  if (cars.length === 0) return { ok: false, message: `${NOT_READ}: it holds no car` };
  const bad = cars.find((c) => !Number.isInteger(c.position) || c.position < 1);
  if (bad) return { ok: false, message: `The file's position of car ${bad.number} is not a position` };
  return { ok: true, rows: cars.sort((a, b) => a.position - b.position) };
}
