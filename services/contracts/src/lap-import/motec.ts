import { opensWithFormat, readMarkedLaps } from './logger-header.ts';
import { delimitedRows, type FormatReading } from './reading.ts';

/** A MoTeC i2 CSV export ('Export Data' of an outing) starts with the row `"Format","MoTeC CSV File"`. */
export const isMotecCsv = (firstLine: string) => opensWithFormat(firstLine, 'MoTeC CSV File');

/** Units of a speed channel as i2 writes them (lower case). */
const SPEED_UNITS = ['km/h', 'kph', 'mph', 'm/s'];

/**
 * Whether the car stands (speed under 1 in the channel's unit: walking pace at most) at the first
 * and at the last sample of the channel table that follows the header block: names, units, then
 * samples, blank rows between. The speed channel is the first with a speed unit; without one,
 * neither end is known to stand.
 */
function standsAtEnds(rows: readonly string[][]): { start: boolean; end: boolean } {
  const blank = (row: readonly string[]) => row.every((cell) => cell === '');
  const headerEnd = rows.findIndex(blank);
  const namesAt = rows.findIndex((row, i) => i > headerEnd && !blank(row));
  const units = headerEnd === -1 || namesAt === -1 ? [] : (rows[namesAt + 1] ?? []);
  const speed = units.findIndex((unit) => SPEED_UNITS.includes(unit.toLowerCase()));
  if (speed === -1) return { start: false, end: false };
  const samples = rows.slice(namesAt + 2).filter((row) => row[0] !== '' && Number.isFinite(Number(row[0])));
  const stands = (row: readonly string[] | undefined) => row !== undefined && Math.abs(Number(row[speed])) < 1;
  return { start: stands(samples[0]), end: stands(samples.at(-1)) };
}

/**
 * Reads a MoTeC i2 Pro 'Export Data' CSV of an outing, as described from real i2 exports
 * (the CSVs of github.com/Arcayik/motec-csv). Its header block is laid out as AiM Race Studio's
 * (readMarkedLaps): `"Venue"`, `"Vehicle"`, `"Driver"`, … and two keys to a row after an empty
 * cell, then `"Beacon Markers"`, the seconds from the outing's start at each beacon, all in
 * one cell (`"24.324 190.167 "`), or `"Segment Times"`; `"Duration"` ends the last stretch. Between
 * two beacons is a complete lap, 'timed'. The stretch before the first beacon is the out lap when
 * the car stood at the first sample (left the pits), else a partial lap (logging began on track)
 * and left out; the stretch after the last beacon likewise is the in lap or left out. Laps keep
 * i2's numbers: lap 1 runs from the start of the outing. `"Driver"`, when filled, names each lap's driver.
 */
export function readMotecCsv(text: string): FormatReading {
  const rows = delimitedRows(text, ',');
  const stands = standsAtEnds(rows);
  return readMarkedLaps(rows, {
    driverKey: 'driver',
    noMarkers: "this MoTeC export has no 'Beacon Markers' (or 'Segment Times'): no lap was marked in the outing exported from i2",
    kindOf: (index, count) => {
      const [first, last] = [index === 0, index === count - 1];
      if (first && last) return null;
      if (first) return stands.start ? 'out' : null;
      if (last) return stands.end ? 'in' : null;
      return 'timed';
    },
  });
}
