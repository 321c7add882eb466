import { collect, lapFromCell, type FormatReading } from './reading.ts';

/** A lap line of TrackAddict's RaceRender data export: `# Lap 3: 00:01:42.318`. */
const LAP_LINE = /^#\s*Lap\s+(\d+)\s*:\s*(\S+)/i;

/** A TrackAddict (RaceRender data) CSV: a `# RaceRender Data` banner or `# Lap N:` comment lines among its first lines. */
export const isTrackAddictCsv = (lines: readonly string[]) => lines.slice(0, 20).some((l) => /^#\s*RaceRender Data/i.test(l.trim()) || LAP_LINE.test(l.trim()));

/**
 * Reads a TrackAddict CSV export (RaceRender data): its samples (one per GPS fix, tens of thousands)
 * are no laps; its `# Lap N: hh:mm:ss.fff` comment lines, written as each lap ends, are. Each is
 * read as timed: the file does not say which lap left or entered the pits.
 */
export function readTrackAddictCsv(text: string): FormatReading {
  const reading: FormatReading = { laps: [], problems: [] };
  const found = text.split(/\r?\n/).flatMap((raw, index) => {
    const m = LAP_LINE.exec(raw.trim());
    return m ? [{ lapNumber: Number(m[1]), cell: m[2]!, line: index + 1 }] : [];
  });
  found.forEach(({ lapNumber, cell, line }) => collect(reading, lapFromCell(cell, line, { lapNumber, kind: 'timed' })));
  return reading;
}
