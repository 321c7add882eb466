import { describe, expect, it, vi } from 'vitest';

// A race event's first screens (its Overview, the Sessions tab, a session's run sheet) come with the
// App chunk; on a paddock connection every kB before their content counts. So the modules the App
// imports leave out the form and schema libraries, date-fns' main entry (its `format` brings a whole
// locale; the locale-free `lightFormat` is imported on its own),
// the lap import's parser and the parts that load on first use: the other tabs, the Sessions tab's
// forms and a run sheet's entries (a chunk of their own, started with a run sheet's URL).
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});
vi.mock('react-hook-form', () => {
  throw new Error('react-hook-form was loaded');
});
vi.mock('date-fns', () => {
  throw new Error('date-fns was loaded');
});
vi.mock('@pitwall/setup-forms', () => {
  throw new Error("the setup forms' main entry was loaded");
});
vi.mock('@pitwall/contracts/lap-import', () => {
  throw new Error('the lap import parser was loaded');
});
vi.mock('./features/race-plan/race-plan-tab', () => {
  throw new Error('the Race Plan tab was loaded');
});
vi.mock('./features/setup-audit/components/setup-history-tab', () => {
  throw new Error('the Setup History tab was loaded');
});
vi.mock('./features/race-events/components/technical-settings-tab', () => {
  throw new Error('the Technical Settings tab was loaded');
});
vi.mock('./features/run-sheets/components/add-session-form', () => {
  throw new Error('Add Session was loaded');
});
vi.mock('./features/run-sheets/components/suggest-cold-pressures', () => {
  throw new Error('the tire pressure assistant was loaded');
});
vi.mock('./features/run-sheets/components/run-sheet-entries', () => {
  throw new Error("a run sheet's entries were loaded");
});
vi.mock('./features/setup-audit/components/session-setup-cards', () => {
  throw new Error("a run sheet's setup cards were loaded");
});

describe("the race event's first screens", () => {
  it('load without the split-out parts and libraries', async () => {
    const app = await import('./app');
    expect(app.default).toBeTypeOf('function');
  });

  it('leave them to the parts that load on first use', async () => {
    // vitest wraps the factory's error: the cause says which module was asked for.
    await expect(import('./features/setup-audit/components/setup-changes')).rejects.toHaveProperty('cause.message', 'date-fns was loaded');
    await expect(import('./features/race-events/routes/race-event-form-route')).rejects.toHaveProperty('cause.message', expect.stringMatching(/^(zod|react-hook-form|the setup forms' main entry) was loaded$/));
  });
});
