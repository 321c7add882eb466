import { LAP_TIME_MIN_MS } from '../sessions.ts';
import { lineCrossings, planeAround, type LatLon, type PathPoint, type Point } from './crossing.ts';
import { collect, lapFromMs, runningClock, type FormatReading } from './reading.ts';

/**
 * Racelogic VBOX `.vbo` files (also written by RaceBox and other loggers), as Racelogic describes
 * them ('VBO file structure', developers.racelogic.co.uk): text in sections, each a `[name]` line
 * followed by its lines, among them `[column names]` (the channels of a sample, separated by
 * spaces), `[data]` (one sample a line) and `[laptiming]` (timing gates, one a line).
 */

/** A VBO file: a `[column names]` section line among its lines. */
export const isVboFile = (lines: readonly string[]) => lines.some((l) => l.trim().toLowerCase() === '[column names]');

/** Width of a gate written as its centre and a point ahead of it (see startGate), m: the file does not say it; Racelogic's units let the user choose it. */
const GATE_WIDTH_M = 25;

type Row = { line: number; text: string };
/** A sample: its position (degrees), its time (ms since the midnight before the first sample) and its line (1-based). */
type Fix = LatLon & { t: number; line: number };

/** The sections of a VBO text by lower-case name, each the non-blank lines after its `[name]` line. */
function sectionsOf(text: string): Map<string, Row[]> {
  const sections = new Map<string, Row[]>();
  let current: Row[] | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    const name = /^\[(.+)\]$/.exec(trimmed)?.[1];
    if (name !== undefined) {
      current = [];
      sections.set(name.toLowerCase(), current);
    } else if (trimmed !== '' && current) current.push({ line: index + 1, text: trimmed });
  });
  return sections;
}

/** Ms since midnight of a VBO time, `HHMMSS.SS` (UTC), or NaN. */
function msOfDay(cell: string): number {
  if (!/^\d+(\.\d+)?$/.test(cell)) return Number.NaN;
  const value = Number(cell);
  return (Math.floor(value / 10_000) * 3600 + (Math.floor(value / 100) % 100) * 60 + (value % 100)) * 1000;
}

/**
 * The samples of `[data]`: `time` (UTC, HHMMSS.SS; a session past midnight goes on counting),
 * `lat` and `long` (or `lng`) in minutes, north and west positive (Racelogic, VBOX Touch user
 * guide, 'VBO file format'). A line whose time or position is no number is a problem.
 */
function samplesOf(columns: readonly string[], data: readonly Row[], reading: FormatReading): Fix[] {
  const [time, lat, lon] = [columns.indexOf('time'), columns.indexOf('lat'), columns.findIndex((c) => c === 'long' || c === 'lng')];
  const fixes: Fix[] = [];
  const clock = runningClock();
  data.forEach(({ line, text }) => {
    const cells = text.split(/\s+/);
    const [timeCell = '', latCell = '', lonCell = ''] = [cells[time], cells[lat], cells[lon]];
    const fix = { t: msOfDay(timeCell), lat: Number(latCell) / 60, lon: -Number(lonCell) / 60, line };
    if ([fix.t, fix.lat, fix.lon].some((v) => !Number.isFinite(v)) || latCell === '' || lonCell === '') {
      reading.problems.push({ line, message: `no sample: time '${timeCell}', lat '${latCell}' and long '${lonCell}' must be numbers` });
      return;
    }
    fixes.push({ ...fix, t: clock(fix.t) });
  });
  return fixes;
}

/**
 * The start/finish gate of a `[laptiming]` `Start` line (`Start <4 numbers> ¬ name`) as a segment
 * of the plane around its first point, and the samples on that plane. Writers differ: Racelogic's
 * Video VBOX writes longitude then latitude of each point, RaceBox latitude then longitude; the
 * order taken is the one that puts the first point nearer the samples. RaceBox writes the two ends
 * of the line across the track; Racelogic's units write the centre of the gate and a point a few
 * metres ahead on the direction of travel, the gate being 'set at 90° to the detected heading', the
 * location 'used as the centre point' (Racelogic, 'How to Set a Start/Finish Line with VBOX
 * Touch'). Two points along the direction of travel (within 45° of it where the samples pass
 * nearest) are read as that centre and heading, with a gate GATE_WIDTH_M wide; others as the ends.
 */
function startGate(numbers: readonly number[], fixes: readonly Fix[]): { path: PathPoint[]; from: Point; to: Point } {
  const [n0, n1, n2, n3] = numbers as [number, number, number, number];
  const orders = [
    [{ lat: n1 / 60, lon: -n0 / 60 }, { lat: n3 / 60, lon: -n2 / 60 }],
    [{ lat: n0 / 60, lon: -n1 / 60 }, { lat: n2 / 60, lon: -n3 / 60 }],
  ] as const;
  const nearness = (p: LatLon) => fixes.reduce((min, f) => Math.min(min, Math.abs(f.lat - p.lat) + Math.abs(f.lon - p.lon)), Infinity);
  const [first, second] = nearness(orders[0][0]) <= nearness(orders[1][0]) ? orders[0] : orders[1];
  const plane = planeAround(first);
  const path = fixes.map((f) => ({ at: plane(f), t: f.t }));
  const ahead = plane(second);
  const aheadLength = Math.hypot(ahead.x, ahead.y);
  // The direction of travel where the path passes nearest the first point, over a step of at least 0.5 m.
  let travel: Point | undefined;
  let nearest = Infinity;
  path.slice(1).forEach((p, i) => {
    const step = { x: p.at.x - path[i]!.at.x, y: p.at.y - path[i]!.at.y };
    const distance = Math.hypot(p.at.x, p.at.y);
    if (Math.hypot(step.x, step.y) >= 0.5 && distance < nearest) [travel, nearest] = [step, distance];
  });
  const along = travel && aheadLength > 0 && Math.abs(travel.x * ahead.x + travel.y * ahead.y) / (Math.hypot(travel.x, travel.y) * aheadLength) > Math.SQRT1_2;
  if (!along) return { path, from: { x: 0, y: 0 }, to: ahead };
  const half = GATE_WIDTH_M / 2 / aheadLength;
  return { path, from: { x: -ahead.y * half, y: ahead.x * half }, to: { x: ahead.y * half, y: -ahead.x * half } };
}

/**
 * Reads a VBO file: its laps are the times between two crossings of the start/finish gate of its
 * `[laptiming]` section (see startGate), each crossing interpolated between the samples before and
 * after the line (lineCrossings). The stretch before the first crossing and after the last one (out
 * of and back into the pits) are no laps; laps are numbered 1, 2… and timed (the file says nothing
 * of the pits). A crossing less than LAP_TIME_MIN_MS after the one before is the same passage (GPS
 * jitter of a car crawling over the line) and is not counted again.
 */
export function readVboFile(text: string): FormatReading {
  const reading: FormatReading = { laps: [], problems: [] };
  const sections = sectionsOf(text);
  const columns = sections.get('column names')?.flatMap((r) => r.text.split(/\s+/)) ?? [];
  if (!columns.includes('time') || !columns.includes('lat') || !(columns.includes('long') || columns.includes('lng'))) {
    return { laps: [], problems: [{ line: 1, message: "this VBO file has no 'time', 'lat' and 'long' channels in its [column names]" }] };
  }
  const fixes = samplesOf(columns, sections.get('data') ?? [], reading);
  const start = sections.get('laptiming')?.find((r) => /^start\s/i.test(r.text));
  const numbers = start?.text.split(/\s+/).slice(1, 5).map(Number) ?? [];
  if (!start || numbers.length < 4 || numbers.some((n) => !Number.isFinite(n))) {
    reading.problems.push({ line: start?.line ?? 1, message: 'this VBO file has no start/finish line ([laptiming] Start): load the circuit in Circuit Tools or on the logger and export again' });
    return reading;
  }
  if (fixes.length < 2) return reading;
  const { path, from, to } = startGate(numbers, fixes);
  const crossings: { t: number; index: number }[] = [];
  lineCrossings(path, from, to).forEach((c) => {
    const last = crossings.at(-1);
    if (!last || c.t - last.t >= LAP_TIME_MIN_MS) crossings.push(c);
  });
  if (crossings.length === 0) reading.problems.push({ line: start.line, message: 'the samples never cross the start/finish line of [laptiming]' });
  crossings.slice(1).forEach((end, k) => {
    const begin = crossings[k]!;
    collect(reading, lapFromMs(Math.round(end.t - begin.t), fixes[begin.index]!.line, { lapNumber: k + 1, kind: 'timed' }));
  });
  return reading;
}
