import { delimiterOf } from './reading.ts';

const LAP_NAMES = ['lap', 'lap #', 'lap no', 'lap no.', 'lap number', 'laps'];
// Not Orbits' 'Lap Tm': its lap times export also has a Speed column (test/lap-exports/orbits-nasa-time-trial-laptimes.csv).
const TIME_NAMES = ['lap time', 'laptime'];
const HALLMARKS = ['time of day', 'diff vs best lap', 'in pit', 'status', 'speed', 'diff'];

/**
 * The 0-based line of a MyLaps Speedhive 'All Laps' header (a `Lap` and a `Lap Time` column, and one
 * more of its columns: `Time of Day`, `Diff vs Best Lap`, `In Pit`, `Status`, `Speed`) in the first
 * 30 lines, or -1. Its rows are read as any table of laps (readTable).
 */
export function speedhiveHeaderLine(lines: readonly string[]): number {
  return lines.slice(0, 30).findIndex((line) => {
    const cells = line.split(delimiterOf(line)).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
    return cells.some((c) => LAP_NAMES.includes(c)) && cells.some((c) => TIME_NAMES.includes(c)) && cells.some((c) => HALLMARKS.includes(c));
  });
}
