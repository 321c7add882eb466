import { collectLapChannel, type LapSample } from './lap-channel.ts';
import { columnOf, delimitedRows, type FormatReading } from './reading.ts';

/** A RaceChrono CSV v3 export has a `Format,3` row among its first lines. */
export const isRaceChronoCsv = (lines: readonly string[]) => lines.slice(0, 5).some((l) => /^Format\s*,\s*3\s*,*$/i.test(l.trim()));

/**
 * Reads a RaceChrono CSV v3 export: a banner, `Format,3`, session rows, then a header row of
 * channels (a name such as `speed` may appear twice: the first one counts), a units row and a
 * sources row, then samples. A lap is the `elapsed_time` (s) between two changes of `lap_number`
 * (collectLapChannel): lap N runs from the first sample numbered N to the first sample of the next
 * number. The stretch before the first crossing (no `lap_number` yet) and after the last one (the
 * way out of and back into the pits) are no complete laps and are left out. Samples at 10–25 Hz
 * make a lap exact to one sample interval.
 */
export function readRaceChronoCsv(text: string): FormatReading {
  const rows = delimitedRows(text, ',');
  const headerIndex = rows.findIndex((row) => columnOf(row, 'lap_number') !== -1 && columnOf(row, 'elapsed_time') !== -1);
  if (headerIndex === -1) return { laps: [], problems: [{ line: 1, message: "this RaceChrono export has no channel header with 'lap_number' and 'elapsed_time'" }] };
  const header = rows[headerIndex]!;
  const [lapColumn, elapsedColumn] = [columnOf(header, 'lap_number'), columnOf(header, 'elapsed_time')];
  const reading: FormatReading = { laps: [], problems: [] };
  const samples: LapSample[] = [];
  rows.slice(headerIndex + 1).forEach((row, i) => {
    const line = headerIndex + 2 + i;
    const [lapCell = '', elapsedCell = ''] = [row[lapColumn], row[elapsedColumn]];
    const elapsed = Number(elapsedCell);
    if (row.every((c) => c === '')) return;
    // The units row ('s', 'm', …) and the sources row ('100: gps', …) come right after the header.
    if (i < 2 && (elapsedCell === '' || !Number.isFinite(elapsed))) return;
    if (elapsedCell === '' || !Number.isFinite(elapsed) || (lapCell !== '' && !/^\d+$/.test(lapCell))) {
      reading.problems.push({ line, message: `no sample: elapsed_time '${elapsedCell}' and lap_number '${lapCell}' must be numbers` });
      return;
    }
    if (lapCell !== '') samples.push({ seconds: elapsed, lap: lapCell, line });
  });
  collectLapChannel(samples, reading);
  return reading;
}
