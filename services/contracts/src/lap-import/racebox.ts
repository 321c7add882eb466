import { collectLapChannel, type LapSample } from './lap-channel.ts';
import { collect, delimitedRows, lapFromCell, readDurationMs, type FormatReading } from './reading.ts';

/**
 * RaceBox (Mini, Mini S, Micro) CSV exports, from the RaceBox app or racebox.pro. Described from
 * real exports in github.com/beadon/RacePlex docs/research/FORMATS.md (the presets' sample headers,
 * an optional header block) and github.com/T28PJ/Racebox-Golden-Lap TECHNIK.md (the `Lap N` rows
 * of that block), and read from a real export (test/lap-exports/README.md).
 */

/** Columns every preset names in its sample header (`Record` but in 'fastlap'; the speed column's name varies). */
const SAMPLE_COLUMNS = ['Time', 'Latitude', 'Longitude', 'Lap'];

/**
 * The 0-based line of a RaceBox CSV export's sample header in `lines`, or -1: a row naming `Time`,
 * `Latitude`, `Longitude`, `Lap` and a G-force column (`GForceX`, `GForceX (g)`), as in
 * `Record,Time,Latitude,Longitude,Altitude,Speed,GForceX,GForceY,GForceZ,Lap,GyroX,GyroY,GyroZ`.
 */
export function raceBoxHeaderLine(lines: readonly string[]): number {
  return lines.findIndex((line) => {
    const cells = line.split(',').map((cell) => cell.trim());
    return SAMPLE_COLUMNS.every((name) => cells.includes(name)) && cells.some((cell) => /^GForce[XYZ]\b/.test(cell));
  });
}

/** A lap row of the header block: `Lap 1, 33.821, sectors, 9.01,6.759,9.764,0,8.288` (s). */
const LAP_ROW = /^Lap\s+(\d+)$/i;

/**
 * The laps of the header block's `Lap N` rows (written for completed laps only), or null when it has
 * none. The sector fields are fixed in number, unused ones `0`, the last one kept for the stretch
 * to the line: the fields filled on any lap are the track's sectors. A lap with one of them at 0
 * (a split line missed) keeps its time, loses its sectors and is named among the problems.
 */
function headerLaps(rows: readonly string[][], headerIndex: number): FormatReading | null {
  const found = rows.slice(0, headerIndex).flatMap((row, i) => {
    const m = LAP_ROW.exec(row[0] ?? '');
    return m ? [{ lapNumber: Number(m[1]), row, line: i + 1 }] : [];
  });
  if (found.length === 0) return null;
  const fields = found.map(({ row }) => (row[2]?.toLowerCase() === 'sectors' ? row.slice(3).map(readDurationMs) : []));
  const used = [...new Set(fields.flatMap((f) => f.flatMap((ms, i) => (ms ? [i] : []))))].sort((a, b) => a - b);
  const reading: FormatReading = { laps: [], problems: [] };
  found.forEach(({ lapNumber, row, line }, k) => {
    const sectors = used.map((i) => fields[k]![i]);
    const missed = sectors.findIndex((ms) => !ms);
    if (used.length >= 2 && missed !== -1) reading.problems.push({ line, message: `lap ${lapNumber}: sector ${missed + 1} has no time (0: a split line missed); the lap is kept without its sectors` });
    const sectorsMs = used.length >= 2 && missed === -1 ? (sectors as number[]) : undefined;
    collect(reading, lapFromCell(row[1] ?? '', line, { lapNumber, kind: 'timed', ...(sectorsMs && { sectorsMs }) }));
  });
  return reading;
}

/** A sample's `Time` in s: an ISO date-time (`2026-06-21T20:43:33.160Z`; a zone, the same on every row, is ignored) or a duration (readDurationMs); null when neither. */
function secondsOf(cell: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d(?:\.\d+)?)/.exec(cell);
  if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) / 1000 + Number(m[6]);
  const ms = readDurationMs(cell);
  return ms === null ? null : ms / 1000;
}

/**
 * Reads a RaceBox CSV export: an optional header block (`Track,…`, `Best Lap Time,…`, `Lap N, <s>,
 * sectors, …` rows, a blank line), then the sample header at `headerLine` (raceBoxHeaderLine) and
 * samples at 25 Hz. The header's `Lap N` rows, when written, are the laps, with their sectors
 * (headerLaps). Else the laps come from the `Lap` column (collectLapChannel): the completed lap a
 * sample belongs to, `0` for none (before the first line crossing, after the last one, or on a
 * run); a lap runs from its first sample to the first sample after it. All laps are 'timed': the
 * export does not say which left or entered the pits, and keeps RaceBox's lap numbers.
 */
export function readRaceBoxCsv(text: string, headerLine: number): FormatReading {
  const rows = delimitedRows(text, ',');
  const fromHeader = headerLaps(rows, headerLine);
  if (fromHeader) return fromHeader;
  const header = rows[headerLine] ?? [];
  const [timeColumn, lapColumn] = [header.indexOf('Time'), header.indexOf('Lap')];
  const reading: FormatReading = { laps: [], problems: [] };
  const samples: LapSample[] = [];
  rows.slice(headerLine + 1).forEach((row, i) => {
    const line = headerLine + 2 + i;
    if (row.every((cell) => cell === '')) return;
    const [timeCell = '', lapCell = ''] = [row[timeColumn], row[lapColumn]];
    const seconds = secondsOf(timeCell);
    if (seconds === null || !/^\d+$/.test(lapCell)) {
      reading.problems.push({ line, message: `no sample: Time '${timeCell}' must be a time and Lap '${lapCell}' a lap number` });
      return;
    }
    samples.push({ seconds, lap: lapCell === '0' ? '' : lapCell, line });
  });
  collectLapChannel(samples, reading);
  if (reading.laps.length === 0 && reading.problems.length === 0) {
    reading.problems.push({ line: headerLine + 1, message: "this RaceBox export has no completed lap: its 'Lap' column is 0 throughout (no track was set, or no lap was finished)" });
  }
  return reading;
}
