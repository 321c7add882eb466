/**
 * When a recorded path crosses a timing line: the geometry of GPS lap timing, for the logger files
 * that hold positions but no lap times (a VBOX .vbo). Positions are projected on a flat plane in
 * metres around a point of the line, true to a few centimetres within a few hundred metres of it,
 * where crossings are found.
 */

/** A position in degrees, north and east positive. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A point of the flat plane: metres east and north of the projection's origin. */
export interface Point {
  x: number;
  y: number;
}

/** A recorded position: where (`at`, in the plane) and when (`t`, in any unit: the crossings are told in it). */
export interface PathPoint {
  at: Point;
  t: number;
}

/** Metres in a degree of latitude (mean earth radius, 6,371 km). */
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/** The projection (p → metres east and north of `origin`): equirectangular, its scale that of `origin`'s latitude. */
export function planeAround(origin: LatLon): (p: LatLon) => Point {
  const eastScale = METRES_PER_DEGREE * Math.cos((origin.lat * Math.PI) / 180);
  return (p) => ({ x: (p.lon - origin.lon) * eastScale, y: (p.lat - origin.lat) * METRES_PER_DEGREE });
}

const minus = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;

/**
 * The times at which `path` crosses the segment from `from` to `to`, in either direction, each
 * with the index of the first point after the line. As GPS lap timers time a line between two
 * fixes (Harry's LapTimer manual, 'Interpolation': the point where the step from the fix before to
 * the fix after meets the line, and its time from the distances), the step is taken as straight,
 * here at a steady speed: the crossing time is interpolated linearly by how far along the step the
 * line lies. A point exactly on the line counts as past it.
 */
export function lineCrossings(path: readonly PathPoint[], from: Point, to: Point): { t: number; index: number }[] {
  const line = minus(to, from);
  const lengthSquared = dot(line, line);
  const side = (p: Point) => cross(line, minus(p, from));
  const found: { t: number; index: number }[] = [];
  for (let i = 1; i < path.length; i++) {
    const [before, after] = [path[i - 1]!, path[i]!];
    const [s1, s2] = [side(before.at), side(after.at)];
    if (s1 < 0 === s2 < 0) continue;
    const fraction = s1 / (s1 - s2);
    const at = { x: before.at.x + fraction * (after.at.x - before.at.x), y: before.at.y + fraction * (after.at.y - before.at.y) };
    const along = dot(minus(at, from), line) / lengthSquared;
    if (along >= 0 && along <= 1) found.push({ t: before.t + fraction * (after.t - before.t), index: i });
  }
  return found;
}
