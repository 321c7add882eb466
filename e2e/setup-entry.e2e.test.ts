import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The mechanic's routine job between sessions, measured in headless chromium on a
 * 390×844 phone with touch: from the car's Events tab, new hot pressures on the four corners and a
 * front camber change on a race event of the demo season, in at most 8 taps and 20 typed characters,
 * with no failed Save. The test counts its own taps and typed characters. Screenshots of 'Edit Setup'
 * at 390×844 and 1280×800 go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('setup-entry', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;
const raceEventIds = new Map<string, number>();

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  const raceEvents = (await (await context.request.get(`/api/cars/${carId}/events`)).json()) as { id: number; name: string }[];
  for (const e of raceEvents) raceEventIds.set(e.name, e.id);
  page = await session.openPage(context);
});

/** The tire pressure row ('Condition N' group) of `form` whose Condition field holds `condition`. */
async function tireRow(form: Locator, condition: string): Promise<Locator> {
  await visible(form.getByLabel('Condition', { exact: true }).first());
  const conditions = await form.getByLabel('Condition', { exact: true }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const index = conditions.indexOf(condition);
  expect(index, `no '${condition}' row among ${conditions.join(', ')}`).toBeGreaterThanOrEqual(0);
  return form.getByRole('group', { name: `Condition ${index + 1}`, exact: true });
}

test.describe("the routine setup entry on a phone (from the car's Events tab)", () => {
  test('new hot pressures on four corners plus a front camber change: ≤ 8 taps, ≤ 20 typed characters, no failed Save', async () => {
    let taps = 0;
    let typed = 0;
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.tap();
    };
    const type = async (text: string) => {
      typed += text.length;
      await page.keyboard.type(text);
    };

    await page.goto(`/car/${carId}/events`);
    await visible(page.getByRole('heading', { name: 'Race Events', level: 1 }));

    await tap(page.getByRole('button', { name: /Spring Sprint Round 1/ }));
    const editSetup = page.getByRole('button', { name: 'Edit Setup', exact: true });
    await visible(editSetup);
    expect((await editSetup.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tap(editSetup);
    const form = page.getByRole('form', { name: 'Edit Setup' });
    await visible(form);

    const hot = await tireRow(form, 'Dry (Hot Target)');
    for (const [corner, value] of [['Front Left', '35.5'], ['Front Right', '35'], ['Rear Left', '34.5'], ['Rear Right', '34']] as const) {
      await tap(hot.getByLabel(corner, { exact: true }));
      await type(value);
      expect(await hot.getByLabel(corner, { exact: true }).inputValue()).toBe(value);
    }
    await tap(form.getByLabel('Front Camber', { exact: true }));
    await type('3.1');
    await expect.poll(() => form.getByRole('button', { name: 'Make Front Camber positive' }).textContent()).toBe('−');

    // The form on the phone: number keypads, units beside the fields, nothing wider than the screen, 44 px targets.
    expect(await hot.getByLabel('Front Left', { exact: true }).getAttribute('inputmode')).toBe('decimal');
    expect(await form.getByLabel('Front Camber', { exact: true }).getAttribute('inputmode')).toBe('decimal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const target of [hot.getByLabel('Front Left', { exact: true }), form.getByRole('button', { name: 'Make Front Camber positive' }), hot.getByRole('button', { name: 'Remove Dry (Hot Target)' }), form.getByRole('button', { name: 'Add Condition' }), form.getByRole('button', { name: 'Save Changes' })]) {
      const box = await target.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: `${RESULTS_DIR}/setup-entry-edit-setup-phone.png`, fullPage: true });

    await tap(form.getByRole('button', { name: 'Save Changes' }));
    const toast = page.getByRole('status').filter({ hasText: 'Tire pressures updated successfully' });
    await visible(toast);
    await expect.poll(() => toast.textContent()).toContain('Suspension settings updated successfully');
    await visible(page.getByRole('heading', { name: 'Technical Setup' }));

    expect(taps).toBeLessThanOrEqual(8);
    expect(typed).toBeLessThanOrEqual(20);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/is required|must be a number|Failed to update/)).toHaveCount(0);

    // What was saved, as the Technical Settings tab shows it (not counted: checking, not entering).
    await page.getByRole('tab', { name: 'Technical Settings' }).click();
    const hotCard = page.getByRole('region', { name: 'Dry (Hot Target)' });
    await visible(hotCard.getByText('35.5 psi'));
    for (const value of ['35 psi', '34.5 psi', '34 psi']) await visible(hotCard.getByText(value, { exact: true }));
    await visible(page.getByText('-3.1°', { exact: true }));
  });

  test("'Edit Setup' at 1280×800: both sections side by side with one Save", async () => {
    await page.setViewportSize(DESKTOP);
    const raceEventId = raceEventIds.get('Spring Sprint Round 1')!;
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}&form=setup`);
    const form = page.getByRole('form', { name: 'Edit Setup' });
    await visible(form);
    // the values saved above come back as numbers in psi and degrees, with the previous value under them
    // (a reload may first show the answers kept on the device; the untouched form takes the fresh ones)
    const hotFrontLeft = (await tireRow(form, 'Dry (Hot Target)')).getByLabel('Front Left', { exact: true });
    await expect.poll(() => hotFrontLeft.inputValue()).toBe('35.5');
    await visible(form.getByText('was 35.5 psi').first());
    await visible(form.getByText('was -3.1°'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await page.screenshot({ path: `${RESULTS_DIR}/setup-entry-edit-setup-desktop.png`, fullPage: true });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await visible(page.getByRole('heading', { name: 'Technical Setup' }));
    await page.setViewportSize(PHONE);
  });

  /** A race event with no setup of its own answers the car's baseline as its effective setup, so 'Edit Setup' opens pre-filled with 'was …' values. */
  test("opens a race event without its own setup pre-filled with the car's baseline (effective setup)", async () => {
    const raceEventId = raceEventIds.get('Summer Enduro')!;
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}&form=setup`);
    const form = page.getByRole('form', { name: 'Edit Setup' });
    await visible(form);
    const hot = await tireRow(form, 'Dry (Hot Target)');
    expect(await hot.getByLabel('Front Left', { exact: true }).inputValue()).toBe('34');
    await visible(hot.getByText('was 34 psi').first());
    expect(await form.getByLabel('Front Camber', { exact: true }).inputValue()).toBe('2.8');
    await visible(form.getByText('was -2.8°'));
    expect(await form.getByRole('button', { name: 'Make Front Camber positive' }).textContent()).toBe('−');
  });
});

test.describe("the team's units, chosen once on Team Settings", () => {
  test('the owner chooses bar; the car record shows pressures in bar and stores a changed one in bar, the others as they were', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/settings');
    const units = page.getByRole('region', { name: 'Units' });
    await units.getByRole('radio', { name: 'bar' }).check();
    await units.getByRole('button', { name: 'Save Units' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Settings saved' }));
    await page.screenshot({ path: `${RESULTS_DIR}/setup-entry-team-units-phone.png`, fullPage: true });

    await page.goto(`/car/${carId}`);
    await page.getByRole('button', { name: 'Edit Tire Pressures' }).click();
    const form = page.getByRole('form', { name: 'Edit Tire Pressures' });
    const cold = await tireRow(form, 'Dry (Cold)');
    const frontLeft = cold.getByLabel('Front Left', { exact: true });
    // 28 psi in bar (1 bar = 14.5038 psi), the unit beside the field and the stored value under it
    expect(await frontLeft.inputValue()).toBe('1.93');
    await visible(cold.getByText('was 28 psi').first());
    expect(await frontLeft.getAttribute('aria-describedby')).toBeTruthy();
    await frontLeft.tap();
    await page.keyboard.type('2.0');
    await form.getByRole('button', { name: 'Save', exact: true }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Tire pressures updated successfully' }));
    const row = page.getByRole('region', { name: 'Tire Pressures', exact: true }).getByRole('row', { name: /^Dry \(Cold\)/ });
    await visible(row.getByText('2.0 bar', { exact: true }));
    await visible(row.getByText('28 psi', { exact: true }).first());
  });
});
