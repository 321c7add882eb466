import { carNumbersOf, collect, delimitedRows, kindAfter, lapFromCell, readDurationMs, type FormatReading } from './reading.ts';
import type { LapKind } from '../sessions.ts';

/** The 0-based line of an Al Kamel 'Analysis' header (`NUMBER; …; LAP_NUMBER; LAP_TIME; …`) in the first 10 lines, or -1. */
export function alKamelHeaderLine(lines: readonly string[]): number {
  return lines.slice(0, 10).findIndex((line) => {
    const cells = line.split(';').map((c) => c.trim().toUpperCase());
    return cells.includes('NUMBER') && cells.includes('LAP_NUMBER') && cells.includes('LAP_TIME');
  });
}

/**
 * Reads an Al Kamel Systems 'Analysis' CSV (`;` separated, often with a trailing `;`, header names
 * with leading spaces), from its header at `headerIndex` (0-based line). Every car of the session
 * is in it: each lap carries its `carNumber` as written (`007` and `7` are two cars) and `carNumbers` lists them. `B` in
 * CROSSING_FINISH_LINE_IN_PIT marks an in lap, and the car's next lap is its out lap, with PIT_TIME
 * as its pit stop. Sector times come from S1…S6 (not the `_LARGE` or `_IMPROVEMENT` columns), the
 * driver from DRIVER_NAME. Only the laps of car `car` (default: the first car of the file) are read;
 * of the others only their numbers, so that a 24-hour race of 60 cars reads fast.
 */
export function readAlKamelCsv(text: string, headerIndex: number, car?: string): FormatReading {
  const rows = delimitedRows(text, ';');
  const header = rows[headerIndex]!.map((c) => c.toUpperCase());
  const at = (name: string) => header.indexOf(name);
  const [numberColumn, lapColumn, timeColumn, pitColumn, driverColumn, pitTimeColumn] = ['NUMBER', 'LAP_NUMBER', 'LAP_TIME', 'CROSSING_FINISH_LINE_IN_PIT', 'DRIVER_NAME', 'PIT_TIME'].map(at) as [number, number, number, number, number, number];
  const sectorColumns = [1, 2, 3, 4, 5, 6].map((n) => at(`S${n}`)).filter((i) => i !== -1);
  const reading: FormatReading = { laps: [], problems: [] };
  const previousKind = new Map<string, LapKind>();
  const cars = new Set<string>();
  let focus = car;
  rows.slice(headerIndex + 1).forEach((row, i) => {
    const line = headerIndex + 2 + i;
    if (row.every((c) => c === '')) return;
    const carNumber = row[numberColumn] ?? '';
    if (carNumber === '') {
      reading.problems.push({ line, message: `'${row[numberColumn] ?? ''}' is not a car number` });
      return;
    }
    cars.add(carNumber);
    focus ??= carNumber;
    if (carNumber !== focus) return;
    const own: LapKind = (row[pitColumn] ?? '').toUpperCase() === 'B' ? 'in' : 'timed';
    const kind = kindAfter(previousKind.get(carNumber), own);
    previousKind.set(carNumber, own);
    const sectors = sectorColumns.map((c) => row[c] ?? '').filter((c) => c !== '').map(readDurationMs);
    const pitStopMs = kind === 'out' ? readDurationMs(row[pitTimeColumn] ?? '') : null;
    const lapNumber = Number(row[lapColumn]);
    collect(reading, lapFromCell(row[timeColumn] ?? '', line, {
      carNumber,
      lapNumber: Number.isInteger(lapNumber) ? lapNumber : 0,
      kind,
      ...(sectors.length > 0 && sectors.every((s) => s !== null) && { sectorsMs: sectors as number[] }),
      ...(row[driverColumn] && { driverName: row[driverColumn] }),
      ...(pitStopMs !== null && { pitStopMs }),
    }));
  });
  reading.carNumbers = carNumbersOf([...cars].map((carNumber) => ({ carNumber })));
  return reading;
}
