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
});
