import { describe, expect, it, vi } from 'vitest';

// The car page and its Parts and Tires tabs show their first screen without the schema library and
// the form library (on a paddock connection they are ~90 kB gzip more before the content): only the
// forms, loaded on first use, import them. Nor does it format dates (date-fns, ~8 kB brotli): the
// cards under Tire Pressures and the History dialogs, which do, load after it.
vi.mock('date-fns', () => {
  throw new Error('date-fns was loaded');
});
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});
vi.mock('react-hook-form', () => {
  throw new Error('react-hook-form was loaded');
});

describe("the car page's first screen", () => {
  it('loads without zod, react-hook-form and date-fns', async () => {
    const route = await import('./routes/car-detail-route');
    expect(route.CarDetailRoute).toBeTypeOf('function');
  });

  it('leaves them to the forms', async () => {
    // vitest wraps the factory's error: the cause says which library the forms asked for.
    await expect(import('./components/forms')).rejects.toHaveProperty('cause.message', expect.stringMatching(/^(zod|react-hook-form) was loaded$/));
  });

  it('leaves the dates to the cards under Tire Pressures and the history list', async () => {
    for (const later of ['./components/cards-below', '../car-history/components/history-list']) {
      await expect(import(later)).rejects.toHaveProperty('cause.message', 'date-fns was loaded');
    }
  });
});
