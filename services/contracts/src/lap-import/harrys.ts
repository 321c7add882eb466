import { collect, columnOf, delimitedRows, lapFromMs, readDurationMs, runningClock, type FormatReading } from './reading.ts';

/**
 * Harry's LapTimer CSV export: a `Harry's GPS LapTimer` line, then a header row and one row per GPS
 * fix. As Harry describes it (forum.gps-laptimer.de, 'data reading', 2011): LAPINDEX 'is a
 * reference to the lap recorded. All GPS fixes belonging to a lap have the same number'; DATE and
 * TIME 'qualify the fix time'; TIMEFROMSTART[s] (TIME_LAP in the later exports) is the time 'taken
 * from the lap's start to the current fix'; square brackets give a column's unit or values.
 */

/** A header cell without its `[unit]` or `[VALUES]` suffix, upper case: `TIMEFROMSTART[s]` → `TIMEFROMSTART`. */
const bare = (cell: string) => cell.replace(/\[.*\]$/, '').trim().toUpperCase();

/** Whether `cells` are the header of Harry's export: LAPINDEX, TIME and TIME_LAP or TIMEFROMSTART. */
const isHeader = (cells: readonly string[]) => {
  const names = cells.map(bare);
  return names.includes('LAPINDEX') && names.includes('TIME') && (names.includes('TIME_LAP') || names.includes('TIMEFROMSTART'));
};

/** A Harry's LapTimer CSV: its `Harry's GPS LapTimer` line or its header among the first lines. */
export const isHarrysCsv = (lines: readonly string[]) => lines.slice(0, 5).some((l) => /^Harry's GPS LapTimer/i.test(l.trim()) || isHeader(l.split(',')));

/**
 * Reads a Harry's LapTimer CSV export. A lap starts at TIME − TIME_LAP of any of its fixes (TIME
 * h:mm:ss.ss UTC of the day, counting on past midnight; TIME_LAP s): its time runs to the start of
 * the next LAPINDEX, exact to the file's hundredths however seldom the fixes come (1 Hz from a
 * phone's GPS). The fixes before the first change of LAPINDEX (to the first crossing of the line)
 * and after the last one are no complete laps and are left out. LAPINDEX numbers the laps of
 * Harry's database, not of the session: laps are numbered 1, 2… and timed (the export says nothing
 * of the pits).
 */
export function readHarrysCsv(text: string): FormatReading {
  const rows = delimitedRows(text, ',');
  const headerIndex = rows.findIndex((row) => isHeader(row));
  if (headerIndex === -1) return { laps: [], problems: [{ line: 1, message: "this Harry's LapTimer export has no header with LAPINDEX, TIME and TIME_LAP" }] };
  const header = rows[headerIndex]!.map(bare);
  const [lapColumn, timeColumn] = [columnOf(header, 'lapindex'), columnOf(header, 'time')];
  const lapTimeColumn = columnOf(header, 'time_lap') === -1 ? columnOf(header, 'timefromstart') : columnOf(header, 'time_lap');
  const reading: FormatReading = { laps: [], problems: [] };
  const starts: { ms: number; line: number }[] = [];
  const clock = runningClock();
  let current: string | undefined;
  rows.slice(headerIndex + 1).forEach((row, i) => {
    const line = headerIndex + 2 + i;
    if (row.every((c) => c === '')) return;
    const [lapCell = '', timeCell = '', lapTimeCell = ''] = [row[lapColumn], row[timeColumn], row[lapTimeColumn]];
    const ofDay = readDurationMs(timeCell);
    const sinceLapStart = Number(lapTimeCell);
    if (lapCell === '' || ofDay === null || lapTimeCell === '' || !Number.isFinite(sinceLapStart)) {
      reading.problems.push({ line, message: `no fix: LAPINDEX '${lapCell}', TIME '${timeCell}' and ${header[lapTimeColumn]} '${lapTimeCell}' must be a lap, a time of day and seconds` });
      return;
    }
    const ms = clock(ofDay);
    if (lapCell !== current) starts.push({ ms: ms - Math.round(sinceLapStart * 1000), line });
    current = lapCell;
  });
  starts.slice(1, -1).forEach((start, k) => collect(reading, lapFromMs(starts[k + 2]!.ms - start.ms, start.line, { lapNumber: k + 1, kind: 'timed' })));
  return reading;
}
