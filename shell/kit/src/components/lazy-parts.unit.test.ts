import { describe, expect, it, vi } from 'vitest';

// The chunk of the parts a first screen shows (the car page's and a race event's Tabs, the technical
// setup's Accordion) is in those screens' first wave on a paddock connection: it must not bring the
// dialogs (focus trap, dismissal, scroll lock), the switch, the swatches' radio group or the colour
// field, which only a dialog or a form shows. Each chunk holds what its module imports.
vi.mock('@ark-ui/react/dialog', () => {
  throw new Error('the dialog was loaded');
});
vi.mock('@ark-ui/react/switch', () => {
  throw new Error('the switch was loaded');
});
vi.mock('@ark-ui/react/radio-group', () => {
  throw new Error('the radio group was loaded');
});
vi.mock('./color-field', () => {
  throw new Error('the colour field was loaded');
});

describe("the kit's lazy parts", () => {
  it('give a first screen its Tabs and Accordion without the dialogs and form controls', async () => {
    // The web test setup loaded every part before the mocks above applied: load the chunk afresh.
    vi.resetModules();
    const screenParts = await import('./lazy-screen-parts');
    expect(Object.keys(screenParts).sort()).toEqual(['Accordion', 'Tabs']);
  });

  it('leave the dialogs and form controls to a chunk of their own', async () => {
    vi.resetModules();
    // vitest wraps the factory's error: the cause says which module the chunk asked for.
    await expect(import('./lazy-form-parts')).rejects.toHaveProperty('cause.message', expect.stringMatching(/^the (dialog|switch|radio group|colour field) was loaded$/));
  });
});
