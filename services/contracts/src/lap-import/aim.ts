import { opensWithFormat, readMarkedLaps } from './logger-header.ts';
import { delimitedRows, type FormatReading } from './reading.ts';

/** An AiM Race Studio CSV export starts with the row `"Format","AiM CSV File"`. */
export const isAimCsv = (firstLine: string) => opensWithFormat(firstLine, 'AiM CSV File');

/**
 * Reads an AiM Race Studio CSV export. Only its header block (the `"Key","Value",…` rows before
 * the first blank line) holds laps: `"Segment Times"` one time per lap, or else `"Beacon Markers"`
 * the cumulative seconds at each line crossing (a lap is the difference of two markers; the first
 * runs from the start of the recording, the last to its `"Duration"`); see readMarkedLaps. The
 * sample channels after the blank line are never lap data. A logger records from the pit lane, so
 * of two or more laps the first is the out lap and the last the in lap. `"Racer"`, when filled,
 * names each lap's driver.
 */
export function readAimCsv(text: string): FormatReading {
  return readMarkedLaps(delimitedRows(text, ','), {
    driverKey: 'racer',
    noMarkers: "this AiM export has no 'Segment Times' or 'Beacon Markers' row: export it from Race Studio with the lap markers",
    kindOf: (index, count) => (count >= 2 && index === 0 ? 'out' : count >= 2 && index === count - 1 ? 'in' : 'timed'),
  });
}
