import { describe, expect, it } from 'vitest';
import { parseTrackLengthKm } from '../src/index.ts';

describe('parseTrackLengthKm', () => {
  it.each([
    ['1.929 km', 1.929],
    ['3.2km', 3.2],
    ['2.43 mi', 2.43 * 1.609344],
    ['2.238 miles', 2.238 * 1.609344],
    ['3,602 m', 3.602],
    ['4574 m', 4.574],
    ['3,2 km', 3.2],
    ['1 mile', 1.609344],
    ['5.891 Kilometres', 5.891],
    ['Laguna Seca, 3.602 km (11 turns)', 3.602],
    ['12,345.6 m', 12.3456],
    [' 4.0 KM ', 4],
  ])('reads %j as %f km', (text, km) => {
    expect(parseTrackLengthKm(text)).toBeCloseTo(km, 9);
  });

  it.each(['', 'long', '1.929', '0 km', 'km', '3.2 furlongs', '1.2.3 km'])('answers null for %j (no length with a unit)', (text) => {
    expect(parseTrackLengthKm(text)).toBeNull();
  });
});
