/**
 * A linear scale of the run sheets' charts: `domain` (the values, e.g. ms or °C) onto `range` (SVG
 * user units; a reversed range puts the first value at the bottom). A domain of one value maps to the
 * range's middle.
 */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (value: number) => number {
  if (d0 === d1) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}
