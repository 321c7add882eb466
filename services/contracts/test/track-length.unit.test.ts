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
    [' 4.0 KM ', 4],
    ['3,2 km', 3.2],
  ])('reads %j as %f km', (text, km) => {
    expect(parseTrackLengthKm(text)).toBeCloseTo(km, 9);
  });

  it.each(['', 'long', '3.2', 'about 3 km', '3.2 furlongs', '0 km', '1.2.3 km'])('answers null for %j', (text) => {
    expect(parseTrackLengthKm(text)).toBeNull();
  });
});
