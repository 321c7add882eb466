import type { LapKind } from '../sessions.ts';
import { collect, lapFromCell, lapFromMs, type FormatReading } from './reading.ts';

/**
 * The layout AiM Race Studio and MoTeC i2 CSV exports share: a header block of `"Key","Value",…`
 * rows up to the first blank row, then the channel names, their units and the samples, which are
 * never lap data. The lap markers are in the header.
 */

/** Whether `firstLine` is the `"Format","<name>"` row that opens such an export (quotes optional, `,` or `;`; any case). */
export function opensWithFormat(firstLine: string, name: string): boolean {
  const m = /^"?Format"?\s*[,;]\s*"?([^",;]*)"?/i.exec(firstLine);
  return m !== null && m[1]!.trim().toLowerCase() === name.toLowerCase();
}

/** A header key's values (its cells up to the next empty one) and its 1-based line. */
interface HeaderEntry {
  cells: string[];
  line: number;
}

/**
 * The header block of `rows` (delimitedRows) by lower-cased key, the first row of a key counting.
 * A row may hold several keys, each after an empty cell: i2 writes `"Sample Rate","1.000","Hz",,"End Time","194.983","s"`.
 */
function headerBlock(rows: readonly string[][]): Map<string, HeaderEntry> {
  const end = rows.findIndex((row) => row.every((cell) => cell === ''));
  const header = new Map<string, HeaderEntry>();
  rows.slice(0, end === -1 ? rows.length : end).forEach((row, index) => {
    let entry: HeaderEntry | undefined;
    row.forEach((cell, i) => {
      if (cell === '') entry = undefined;
      else if (entry) entry.cells.push(cell);
      else if (i === 0 || row[i - 1] === '') {
        entry = { cells: [], line: index + 1 };
        if (!header.has(cell.toLowerCase())) header.set(cell.toLowerCase(), entry);
      }
    });
  });
  return header;
}

/** A stretch of a recording between two lap markers, or from its start or to its end: its time as the file writes it (`cell`) or in ms. */
type Stretch = { cell: string } | { ms: number };

/**
 * The stretches of a recording its header marks, in order: `Segment Times` one time per stretch;
 * else `Beacon Markers`, the seconds from the start at each line crossing (a cell each, as Race
 * Studio writes them, or space-separated in one cell, as i2 does), a stretch being the time between
 * two markers, the first from the start of the recording, the last to its `Duration` (s) when that
 * lies after the last marker. Null when neither row holds a value; a problem when a marker is no number.
 */
function markedStretches(header: Map<string, HeaderEntry>): { stretches: Stretch[]; line: number } | { problem: string; line: number } | null {
  const segments = header.get('segment times');
  if (segments && segments.cells.length > 0) return { stretches: segments.cells.map((cell) => ({ cell })), line: segments.line };
  const beacons = header.get('beacon markers');
  const cells = beacons?.cells.flatMap((cell) => cell.split(/\s+/)) ?? [];
  if (!beacons || cells.length === 0) return null;
  const marks = cells.map(Number);
  const bad = marks.findIndex((mark) => !Number.isFinite(mark));
  if (bad !== -1) return { problem: `Beacon Markers: '${cells[bad]}' is not a time in seconds`, line: beacons.line };
  const duration = Number(header.get('duration')?.cells[0]);
  const ends = Number.isFinite(duration) && duration > marks.at(-1)! ? [...marks, duration] : marks;
  return { stretches: ends.map((end, i) => ({ ms: Math.round((end - (i === 0 ? 0 : ends[i - 1]!)) * 1000) })), line: beacons.line };
}

/** How a reader takes a logger export's laps: the header key naming the driver, why a file without lap markers has no laps, and the kind of each stretch. */
export interface MarkedLapsReader {
  driverKey: string;
  noMarkers: string;
  /** The kind of stretch `index` of `count` (0-based), or null when it is no lap (a partial lap at an end of the recording). */
  kindOf: (index: number, count: number) => LapKind | null;
}

/**
 * The laps of a logger export's header block (see markedStretches), numbered from 1 as Race Studio
 * and i2 count them: lap 1 runs from the start of the recording, so a left-out first stretch leaves
 * lap 2 the first one read. All laps are on the line of their header row, with the driver
 * `reader.driverKey` names when it is filled.
 */
export function readMarkedLaps(rows: readonly string[][], reader: MarkedLapsReader): FormatReading {
  const header = headerBlock(rows);
  const marked = markedStretches(header);
  if (marked === null) return { laps: [], problems: [{ line: 1, message: reader.noMarkers }] };
  if ('problem' in marked) return { laps: [], problems: [{ line: marked.line, message: marked.problem }] };
  const driverName = header.get(reader.driverKey)?.cells[0];
  const reading: FormatReading = { laps: [], problems: [] };
  marked.stretches.forEach((stretch, i) => {
    const kind = reader.kindOf(i, marked.stretches.length);
    if (kind === null) return;
    const lap = { lapNumber: i + 1, kind, ...(driverName && { driverName }) };
    collect(reading, 'cell' in stretch ? lapFromCell(stretch.cell, marked.line, lap) : lapFromMs(stretch.ms, marked.line, lap));
  });
  return reading;
}
