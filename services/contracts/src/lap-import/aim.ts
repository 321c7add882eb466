import { collect, delimitedRows, lapFromCell, lapFromMs, type FormatReading } from './reading.ts';

/** An AiM Race Studio CSV export starts with the row `"Format","AiM CSV File"`. */
export const isAimCsv = (firstLine: string) => /^"?Format"?\s*[,;]\s*"?AiM CSV File"?/i.test(firstLine);

/**
 * Reads an AiM Race Studio CSV export. Only its header block (the `"Key","Value",…` rows before
 * the first blank line) holds laps: `"Segment Times"` one time per lap, or else `"Beacon Markers"`
 * the cumulative seconds at each line crossing (a lap is the difference of two markers; the first
 * runs from the start of the recording, the last to its `"Duration"`). The sample channels after
 * the blank line are never lap data. A logger records from the pit lane, so of two or more laps
 * the first is the out lap and the last the in lap. `"Racer"`, when filled, names each lap's driver.
 */
export function readAimCsv(text: string): FormatReading {
  const rows = delimitedRows(text, ',');
  const headerEnd = rows.findIndex((row) => row.every((cell) => cell === ''));
  const header = new Map<string, { cells: string[]; line: number }>();
  rows.slice(0, headerEnd === -1 ? rows.length : headerEnd).forEach((row, index) => {
    const [key = '', ...cells] = row;
    if (!header.has(key.toLowerCase())) header.set(key.toLowerCase(), { cells: cells.filter((c) => c !== ''), line: index + 1 });
  });
  const driverName = header.get('racer')?.cells[0];
  const reading: FormatReading = { laps: [], problems: [] };
  const segments = header.get('segment times');
  const beacons = header.get('beacon markers');
  const total = (count: number, index: number) => ({ kind: count >= 2 && index === 0 ? ('out' as const) : count >= 2 && index === count - 1 ? ('in' as const) : ('timed' as const) });
  if (segments && segments.cells.length > 0) {
    segments.cells.forEach((cell, i) => collect(reading, lapFromCell(cell, segments.line, { lapNumber: i + 1, ...total(segments.cells.length, i), ...(driverName && { driverName }) })));
  } else if (beacons && beacons.cells.length > 0) {
    const marks = beacons.cells.map(Number);
    const bad = beacons.cells.findIndex((c, i) => !Number.isFinite(marks[i]) || c === '');
    if (bad !== -1) return { laps: [], problems: [{ line: beacons.line, message: `Beacon Markers: '${beacons.cells[bad]}' is not a time in seconds` }] };
    const duration = Number(header.get('duration')?.cells[0]);
    const ends = Number.isFinite(duration) && duration > marks.at(-1)! ? [...marks, duration] : marks;
    const starts = [0, ...ends.slice(0, -1)];
    ends.forEach((end, i) => collect(reading, lapFromMs(Math.round((end - starts[i]!) * 1000), beacons.line, { lapNumber: i + 1, ...total(ends.length, i), ...(driverName && { driverName }) })));
  } else {
    reading.problems.push({ line: 1, message: "this AiM export has no 'Segment Times' or 'Beacon Markers' row: export it from Race Studio with the lap markers" });
  }
  return reading;
}
