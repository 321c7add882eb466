import Papa from 'papaparse';
import { formatLapTime, LAP_TIME_MAX_MS, LAP_TIME_MIN_MS, type LapImportProblem, type LapKind, type PreviewLap } from '../sessions.ts';

/**
 * What each format reader answers: the laps in file order (`carNumber` set by exports that hold
 * several cars), the lines it could not read, and the car numbers of a multi-car export.
 */
export interface FormatReading {
  laps: (PreviewLap & { carNumber?: number })[];
  problems: LapImportProblem[];
  carNumbers?: number[];
}

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
 * A lap read from cell `cell` of line `line`: the lap, or the problem naming why its time cannot be
 * a lap (not a time, or outside 10 s – 30 min, the limits of a stored lap).
 */
export function lapFromCell(
  cell: string,
  line: number,
  lap: Omit<PreviewLap, 'time' | 'lapTimeMs' | 'line'> & { carNumber?: number },
): { lap: FormatReading['laps'][number] } | { problem: LapImportProblem } {
  const ms = readDurationMs(cell);
  if (ms === null) return { problem: { line, message: `lap ${lap.lapNumber}: '${cell.trim()}' is not a lap time` } };
  return lapFromMs(ms, line, lap, cell);
}

/** As {@link lapFromCell} for a lap time already in ms (`shown`: the file's text of it, for the message). */
export function lapFromMs(
  ms: number,
  line: number,
  lap: Omit<PreviewLap, 'time' | 'lapTimeMs' | 'line'> & { carNumber?: number },
  shown = formatLapTime(ms),
): { lap: FormatReading['laps'][number] } | { problem: LapImportProblem } {
  if (ms < LAP_TIME_MIN_MS || ms > LAP_TIME_MAX_MS) return { problem: { line, message: `lap ${lap.lapNumber}: '${shown.trim()}' is outside 10 s – 30 min` } };
  return { lap: { ...lap, line, time: formatLapTime(ms), lapTimeMs: ms } };
}

/** Adds a lapFromCell/lapFromMs outcome to `reading`. */
export function collect(reading: FormatReading, outcome: ReturnType<typeof lapFromMs>): void {
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

/** The 0-based index of the first cell whose lower-cased text is one of `names`, or -1. */
export function columnOf(header: readonly string[], ...names: string[]): number {
  return header.findIndex((cell) => names.includes(cell.toLowerCase()));
}

/** Kind of the lap after an in lap: out; otherwise what the row says. */
export function kindAfter(previous: LapKind | undefined, own: LapKind): LapKind {
  return own === 'timed' && previous === 'in' ? 'out' : own;
}
