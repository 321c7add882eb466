import { describe, expect, it } from 'vitest';
import { sectorsText, sectorTimeText } from './run-sheet-format';

describe('sector times as the timing sheets print them', () => {
  it('under a minute in seconds, from a minute on as m:ss.fff', () => {
    expect(sectorTimeText(23_431)).toBe('23.431');
    expect(sectorTimeText(59_999)).toBe('59.999');
    expect(sectorTimeText(60_000)).toBe('1:00.000');
    expect(sectorTimeText(71_587)).toBe('1:11.587');
    expect(sectorsText([23_431, 71_587])).toBe('S1 23.431 · S2 1:11.587');
  });
});
