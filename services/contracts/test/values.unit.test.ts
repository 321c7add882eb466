import { describe, expect, it, vi } from 'vitest';

// The values path exists so that a screen can show option lists and limits without loading zod.
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});

describe('@pitwall/contracts/values', () => {
  it('loads without zod', async () => {
    const values = await import('../src/values/index.ts');
    expect(values.SESSION_TYPES.map((t) => t.label)).toEqual(['Test', 'Practice', 'Qualifying', 'Race']);
  });

  it("answers what the car page and its parts and tires tabs show without zod", async () => {
    const values = await import('../src/values/index.ts');
    expect(values.PART_CATEGORIES[0]).toEqual({ value: 'engine', label: 'Engine' });
    expect(values.TIRE_SET_CONDITIONS.map((c) => c.label)).toEqual(['New', 'Scrubbed', 'Used', 'Scrapped']);
    expect(values.formatDistance(80.4672, 'mi')).toBe('50.0 mi');
    expect(values.partUsedPercent({ limits: { km: 1000, hours: null, laps: 200 }, used: { km: 500, hours: 3, laps: 184 } })).toBe(92);
    const rearLeft = values.PRESSURE_CORNERS[2];
    expect(values.cornerTarget({ front: 30, rear: 31, fl: null, fr: null, rl: null, rr: 32 }, rearLeft)).toBe(31);
  });
});
