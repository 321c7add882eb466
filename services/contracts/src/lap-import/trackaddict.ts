import type { LapKind } from '../sessions.ts';
import { collect, lapFromCell, type FormatReading } from './reading.ts';

/** A lap line of TrackAddict's RaceRender data export: `# Lap 3: 00:01:42.318`. */
const LAP_LINE = /^#\s*Lap\s+(\d+)\s*:\s*(\S+)/i;
/** A pit lane line: `# Pit Lane Entry` or `# Pit Lane Exit`. */
const PIT_LINE = /^#\s*Pit Lane (Entry|Exit)\b/i;

/** A TrackAddict (RaceRender data) CSV: a `# RaceRender Data` banner or `# Lap N:` comment lines among its first lines. */
export const isTrackAddictCsv = (lines: readonly string[]) => lines.slice(0, 20).some((l) => /^#\s*RaceRender Data/i.test(l.trim()) || LAP_LINE.test(l.trim()));

/**
 * Reads a TrackAddict CSV export (RaceRender data, e.g. `# RaceRender Data: TrackAddict 4.3.5 on
 * Android 9`): its samples (one line per GPS fix, tens of thousands) are no laps; its comment lines
 * are, `# Lap N: hh:mm:ss.fff` written as each lap ends. TrackAddict counts laps from 0, lap 0 being
 * the stretch from the start of the recording to the first crossing of the line (its `Lap` column
 * is 0 there): no lap. Its `# Pit Lane Entry` and `# Pit Lane Exit` lines say the car entered or
 * left the pit lane: a lap in which it entered is an in lap, else one in which it left an out lap,
 * else timed.
 */
export function readTrackAddictCsv(text: string): FormatReading {
  const reading: FormatReading = { laps: [], problems: [] };
  let entered = false;
  let left = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line.startsWith('#')) return;
    const pit = PIT_LINE.exec(line)?.[1]?.toLowerCase();
    if (pit === 'entry') entered = true;
    if (pit === 'exit') left = true;
    const m = LAP_LINE.exec(line);
    if (!m) return;
    const lapNumber = Number(m[1]);
    const kind: LapKind = entered ? 'in' : left ? 'out' : 'timed';
    [entered, left] = [false, false];
    if (lapNumber > 0) collect(reading, lapFromCell(m[2]!, index + 1, { lapNumber, kind }));
  });
  return reading;
}
