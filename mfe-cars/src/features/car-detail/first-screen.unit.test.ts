import { describe, expect, it, vi } from 'vitest';

// The car page and its Parts and Tyres tabs show their first screen without the schema library and
// the form library (on a paddock connection they are ~90 kB gzip more before the content): only the
// forms, loaded on first use, import them.
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});
vi.mock('react-hook-form', () => {
  throw new Error('react-hook-form was loaded');
});

describe("the car page's first screen", () => {
  it('loads without zod and react-hook-form', async () => {
    const route = await import('./routes/car-detail-route');
    expect(route.CarDetailRoute).toBeTypeOf('function');
  });

  it('leaves them to the forms', async () => {
    // vitest wraps the factory's error: the cause says which library the forms asked for.
    await expect(import('./components/forms')).rejects.toHaveProperty('cause.message', expect.stringMatching(/^(zod|react-hook-form) was loaded$/));
  });
});
