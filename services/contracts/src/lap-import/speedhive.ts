import { collect, columnOf, delimitedRows, delimiterOf, kindAfter, lapFromCell, readDurationMs, type FormatReading } from './reading.ts';
import type { LapKind } from '../sessions.ts';

const LAP_NAMES = ['lap', 'lap #', 'lap no', 'lap no.', 'lap number', 'laps'];
const TIME_NAMES = ['lap time', 'laptime', 'lap tm'];
const HALLMARKS = ['time of day', 'diff vs best lap', 'in pit', 'status', 'speed', 'diff'];

/** The 0-based line of a Speedhive 'All Laps' header (a `Lap` and a `Lap Time` column, and one more of its columns) in the first 30 lines, or -1. */
export function speedhiveHeaderLine(lines: readonly string[]): number {
  return lines.slice(0, 30).findIndex((line) => {
    const cells = line.split(delimiterOf(line)).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
    return cells.some((c) => LAP_NAMES.includes(c)) && cells.some((c) => TIME_NAMES.includes(c)) && cells.some((c) => HALLMARKS.includes(c));
  });
}

/** A status naming track limits, or a deleted, invalidated or cancelled lap. */
const INVALID_STATUS = /track\s*limit|invalid|deleted|cancel/i;

/**
 * Reads a MyLaps Speedhive 'All Laps' CSV (`,` or `;` separated), from its header row at
 * `headerIndex` (0-based line): `Lap`, `Lap Time`, and where present `In Pit` (Yes = in lap, the
 * next lap is an out lap), `Status` (track limits / invalidated → invalid) and sector columns
 * (`S1`…, `Sector 1`…). Other columns (`Speed`, `Diff vs Best Lap`, `Time of Day`) are not laps.
 */
export function readSpeedhiveCsv(text: string, headerIndex: number): FormatReading {
  const lines = text.split(/\r?\n/);
  const rows = delimitedRows(text, delimiterOf(lines[headerIndex]!));
  const header = rows[headerIndex]!;
  const lapColumn = columnOf(header, ...LAP_NAMES);
  const timeColumn = columnOf(header, ...TIME_NAMES);
  const pitColumn = columnOf(header, 'in pit', 'pit');
  const statusColumn = columnOf(header, 'status');
  const driverColumn = columnOf(header, 'driver', 'driver name');
  const sectorColumns = header
    .map((cell, index) => ({ index, n: /^(?:s|sec|sector)\s*(\d)(?:\s*time)?$/i.exec(cell)?.[1] }))
    .filter((c): c is { index: number; n: string } => c.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n))
    .slice(0, 6);
  const reading: FormatReading = { laps: [], problems: [] };
  let previous: LapKind | undefined;
  rows.slice(headerIndex + 1).forEach((row, i) => {
    const line = headerIndex + 2 + i;
    if (row.every((c) => c === '')) return;
    const lapNumber = Number(row[lapColumn]);
    const own: LapKind = /^(yes|y|true|1|pit)$/i.test(row[pitColumn] ?? '') ? 'in' : INVALID_STATUS.test(row[statusColumn] ?? '') ? 'invalid' : 'timed';
    const kind = kindAfter(previous, own);
    const sectors = sectorColumns.map((c) => readDurationMs(row[c.index] ?? ''));
    const driverName = row[driverColumn];
    collect(reading, lapFromCell(row[timeColumn] ?? '', line, {
      lapNumber: Number.isInteger(lapNumber) ? lapNumber : reading.laps.length + 1,
      kind,
      ...(sectors.length > 0 && sectors.every((s) => s !== null) && { sectorsMs: sectors as number[] }),
      ...(driverName && { driverName }),
    }));
    previous = own;
  });
  return reading;
}
