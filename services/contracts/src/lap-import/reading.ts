import Papa from 'papaparse';
import { formatLapTime, LAP_TIME_MAX_MS, LAP_TIME_MIN_MS, parseLapTime, TIMED_LAP_MAX_MS, type LapImportProblem, type LapKind, type PreviewLap } from '../sessions.ts';

/** A lap or problem of an export that holds several cars names its car, as the file writes it ('007'). */
type OfCar = { carNumber?: string };

/**
 * What each format reader answers: the laps in file order (`carNumber` set by exports that hold
 * several cars), the lines it could not read (with the car of the line, where the file names one),
 * and the car numbers of a multi-car export as the file writes them, each spelling once.
 */
export interface FormatReading {
  laps: (PreviewLap & OfCar)[];
  problems: (LapImportProblem & OfCar)[];
  carNumbers?: string[];
}

/** Car numbers in running order: by their value, then the shorter spelling first ('7' before '007'), then as text. */
export function byCarNumber(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
  return a.length - b.length || a.localeCompare(b);
}

/** The distinct car numbers of `laps`, in running order. */
export const carNumbersOf = (laps: readonly OfCar[]): string[] => [...new Set(laps.flatMap((l) => (l.carNumber === undefined ? [] : [l.carNumber])))].sort(byCarNumber);

/**
 * Reads a duration as timing exports write it: `57.448` (seconds), `1:57.448` (m:ss), `0:01:08.870`
 * (h:mm:ss), with any number of decimals (rounded to the ms) and `,` accepted as the decimal mark.
 * Answers whole ms, or null when the text is none of these.
 */
export function readDurationMs(text: string): number | null {
  const m = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m) return null;
  const [, hours = '0', minutes, seconds, fraction = ''] = m as unknown as [string, string | undefined, string | undefined, string, string | undefined];
  if (minutes !== undefined && Number(seconds) >= 60) return null;
  if (m[1] !== undefined && Number(minutes) >= 60) return null;
  const wholeSeconds = Number(hours) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
  return wholeSeconds * 1000 + Math.round(Number(`0.${fraction || '0'}`) * 1000);
}

/**
 * A running clock over times of the day (ms), for logs that write the time of each sample but not
 * its date: each time is taken on the day of the one before, or on the next day when it falls more
 * than 12 h before it (the session went past midnight). Answers ms since the first midnight.
 */
export function runningClock(): (msOfDay: number) => number {
  let dayMs = 0;
  let previous: number | undefined;
  return (msOfDay) => {
    if (previous !== undefined && msOfDay + dayMs < previous - 43_200_000) dayMs += 86_400_000;
    previous = msOfDay + dayMs;
    return previous;
  };
}

/** A timing sheet's time cell in ms: readDurationMs, else parseLapTime (`1.42.318`); null when it is neither. */
export function readTimeCellMs(cell: string): number | null {
  const ms = readDurationMs(cell);
  if (ms !== null) return ms;
  const reading = parseLapTime(cell);
  return reading.ok ? reading.ms : null;
}

type LapFields = Omit<PreviewLap, 'time' | 'lapTimeMs' | 'line'> & OfCar;
type Outcome = { lap: FormatReading['laps'][number] } | { problem: FormatReading['problems'][number] };

/** 'car 20, lap 5' for a lap of a multi-car export, else 'lap 5': how a problem names its lap. */
const lapName = (lap: LapFields) => `${lap.carNumber === undefined ? '' : `car ${lap.carNumber}, `}lap ${lap.lapNumber}`;

/**
 * A lap read from cell `cell` of line `line`: the lap, or the problem naming why its time cannot be
 * a lap (not a time, or outside 10 s – 24 h, the limits of a stored lap); see {@link lapFromMs}.
 */
export function lapFromCell(cell: string, line: number, lap: LapFields): Outcome {
  const ms = readTimeCellMs(cell);
  if (ms === null) return { problem: { line, message: `${lapName(lap)}: '${cell.trim()}' is not a lap time`, ...(lap.carNumber !== undefined && { carNumber: lap.carNumber }) } };
  return lapFromMs(ms, line, lap, cell);
}

/**
 * As {@link lapFromCell} for a lap time already in ms (`shown`: the file's text of it, for the
 * message). A lap over 30 min (TIMED_LAP_MAX_MS: a car repaired in the garage, a red flag) is kept,
 * as an in lap when the file says so and otherwise invalid, flagged with why: never a best lap.
 */
export function lapFromMs(ms: number, line: number, lap: LapFields, shown = formatLapTime(ms)): Outcome {
  if (ms < LAP_TIME_MIN_MS || ms > LAP_TIME_MAX_MS) return { problem: { line, message: `${lapName(lap)}: '${shown.trim()}' is outside 10 s – 24 h`, ...(lap.carNumber !== undefined && { carNumber: lap.carNumber }) } };
  const read = { ...lap, line, time: formatLapTime(ms), lapTimeMs: ms };
  if (ms <= TIMED_LAP_MAX_MS) return { lap: read };
  const kind = lap.kind === 'in' ? 'in' : 'invalid';
  return { lap: { ...read, kind, implausible: `${read.time} is over 30 min (a garage or red-flag lap): kept as ${kind === 'in' ? 'an in lap' : 'invalid'}, never a best lap` } };
}

/** Adds a lapFromCell/lapFromMs outcome to `reading`. */
export function collect(reading: FormatReading, outcome: Outcome): void {
  if ('lap' in outcome) reading.laps.push(outcome.lap);
  else reading.problems.push(outcome.problem);
}

/**
 * The rows of a delimited text, one per line (index i = line i + 1, blank lines kept as `['']`),
 * each cell trimmed; quotes as in RFC 4180. A trailing delimiter gives a last empty cell.
 */
export function delimitedRows(text: string, delimiter: string): string[][] {
  const { data } = Papa.parse<string[]>(text, { delimiter, newline: text.includes('\r\n') ? '\r\n' : '\n', skipEmptyLines: false, quoteChar: '"' });
  return data.map((row) => row.map((cell) => cell.trim()));
}

/** The delimiter of a header line: the most frequent of `;`, tab and `,` outside quotes (`,` when none). */
export function delimiterOf(line: string): string {
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = [';', '\t', ','].map((d) => ({ d, n: unquoted.split(d).length - 1 }));
  return counts.reduce((a, b) => (b.n > a.n ? b : a), { d: ',', n: 0 }).d;
}

/** A sector column's header ('S1', 'Sector 2', 'sec 3', 'S4 time', 'Split 1'; lower case): group 1 is its number. `S1_IMPROVEMENT` or `S1_LARGE` are none. */
export const SECTOR_COLUMN = /^(?:s|sec|sect|sector|split)[\s_]*(\d)(?:\s*time)?$/i;

/** The 0-based index of the first cell whose lower-cased text is one of `names`, or -1. */
export function columnOf(header: readonly string[], ...names: string[]): number {
  return header.findIndex((cell) => names.includes(cell.toLowerCase()));
}

/** Kind of the lap after an in lap: out; otherwise what the row says. */
export function kindAfter(previous: LapKind | undefined, own: LapKind): LapKind {
  return own === 'timed' && previous === 'in' ? 'out' : own;
}
