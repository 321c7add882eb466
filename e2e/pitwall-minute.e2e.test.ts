import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The pit-wall minute, in headless chromium on a 390×844 phone with touch: a race weekend at
 * Brands Hatch Indy whose FP1 is recorded, and a mechanic recording FP2 between two runs — 'Next
 * session' on FP1's card (driver, conditions, tire set — the free text and the set from the
 * team's Tires — and cold pressures carried over, each marked 'from FP1'), a real MyLaps Speedhive export picked as a file, the hot pressures and the
 * driver's feedback — in at most 20 taps and 30 typed characters from the session card to the
 * saved run sheet, counted around every action. Then axe-core (serious and critical, with the
 * 'label-content-name-mismatch' rule on) at 390×844 and 1280×800 on the car page, every tab of
 * the race event, the run sheet and the parts screen. Screenshots go to test-results/.
 */

const PHONE = VIEWPORTS.phone;
const session = useBrowserSession('pitwall-minute', { start: 'server', remotes: ['mfe-events'] });
const SPEEDHIVE_EXPORT = path.join(REPO_ROOT, 'services/contracts/test/lap-exports/speedhive-all-laps.csv');

let context: BrowserContext;
let page: Page;
let carId: number;
let raceEventId: number;
/** The set from the team's Tires FP1 runs on. */
let tireSetId: number;

/** What the user did, counted as a phone is used: a tap per touch, a character per key. */
const count = { taps: 0, typed: 0 };
/** One tap. */
async function tap(target: Locator) {
  count.taps += 1;
  await target.tap();
}
/** A tap into the field (it selects what it holds) and the text typed on the keypad. */
async function type(field: Locator, text: string) {
  await tap(field);
  count.typed += text.length;
  await field.pressSequentially(text);
}
/** A native select: a tap opens the picker, a tap chooses. */
async function choose(select: Locator, value: string) {
  count.taps += 2;
  await select.selectOption(value);
}
/** A file input: a tap opens the phone's Files, a tap picks the file. */
async function pickFile(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  count.taps += 2;
  await input.setInputFiles(file);
}

/** The texts that describe a field (aria-describedby): its unit, hint, 'from FP1' mark, error. */
/**
 * Waits until no element `skeletons` matches is left, scrolling each into view as a user reading
 * down the screen would: cards below the fold (a race event's history) load when they are shown.
 */
async function loadedAsScrolled(skeletons: Locator) {
  while ((await skeletons.count()) > 0) {
    // Gone between the count and the look-up: the loop counts again.
    const shown = await skeletons.first().elementHandle({ timeout: 1_000 }).catch(() => null);
    await shown?.scrollIntoViewIfNeeded().catch(() => undefined);
    await shown?.waitForElementState('hidden', { timeout: 15_000 });
  }
}

const description = (field: Locator) =>
  field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  page = await session.openPage(context);
  const origin = { Origin: session.server.url };
  const car = (await (await context.request.get(`/api/cars/${carId}`)).json()) as { teamId: number };
  const members = (await (await context.request.get(`/api/teams/${car.teamId}/members`)).json()) as { id: number; username: string | null }[];
  const created = await context.request.post(`/api/cars/${carId}/events`, {
    headers: origin,
    data: { name: 'Brands Hatch Indy Weekend', location: 'Brands Hatch Indy', date: '2026-11-28', trackLength: '1.929 km', weather: '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  raceEventId = ((await created.json()) as { id: number }).id;
  const set = await context.request.post(`/api/teams/${car.teamId}/tire-sets`, { headers: origin, data: { name: 'Set 5', compound: 'Toyo R888R', carId } });
  expect(set.status(), await set.text()).toBe(201);
  tireSetId = ((await set.json()) as { id: number }).id;
  const fp1 = await context.request.post(`/api/cars/${carId}/events/${raceEventId}/sessions`, {
    headers: origin,
    data: {
      name: 'FP1', type: 'practice', startedAt: '2026-11-28T09:30:00.000Z', driverMemberId: members.find((m) => m.username === 'aiko')!.id,
      airTempC: 9, trackTempC: 12, weather: 'Overcast', tireSet: 'Set 1 — new', tireSetId, fuelLitres: 40, cold: { fl: 27, fr: 27, rl: 26, rr: 26, tempC: 9 },
    },
  });
  expect(fp1.status(), await fp1.text()).toBe(201);
});

test.describe('the pit-wall minute on a phone', () => {
  test("records FP2 after FP1 — 'Next session', a lap file, hot pressures, feedback — in at most 20 taps and 30 typed characters, every carried value marked", async () => {
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}&tab=sessions`);
    const fp1Card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Open FP1/ }) });
    await visible(fp1Card);

    await tap(fp1Card.getByRole('button', { name: 'Next session after FP1' }));
    const form = page.getByRole('form', { name: 'Add Session' });
    await visible(form);
    expect(await form.getByLabel('Session name').inputValue()).toBe('FP2');
    expect((await form.getByLabel('Start time').inputValue()).slice(0, 10)).toBe('2026-11-28');
    const carried: [string, string][] = [
      ['Driver', String(await form.getByLabel('Driver').inputValue())],
      ['Air temperature', '9'],
      ['Track temperature', '12'],
      ['Weather', 'Overcast'],
      ['Tire set', 'Set 1 — new'],
      ['Set from Tires', String(tireSetId)],
      ['Cold Front Left', '27'],
      ['Cold Front Right', '27'],
      ['Cold Rear Left', '26'],
      ['Cold Rear Right', '26'],
      ['Temperature when set', '9'],
    ];
    expect(await form.getByLabel('Driver').locator('option:checked').textContent()).toBe('Aiko Tanaka');
    expect(await form.getByLabel('Set from Tires').locator('option:checked').textContent()).toMatch(/^Set 5 \(on this car, /);
    for (const [label, value] of carried) {
      const field = form.getByLabel(label, { exact: true });
      expect(await field.inputValue(), label).toBe(value);
      expect(await description(field), label).toContain('from FP1');
    }
    await page.screenshot({ path: `${RESULTS_DIR}/pitwall-minute-next-session-phone.png`, fullPage: true });
    await tap(form.getByRole('button', { name: 'Add Session' }));
    await visible(page.getByRole('heading', { name: /^FP2/, level: 2 }));

    // The run sheet owns the phone's screen: the race event is one line, no tab list, no red button at the top.
    expect(await page.getByRole('tablist', { name: 'Race event' }).isVisible()).toBe(false);
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.height).toBeLessThanOrEqual(30);
    expect(await page.getByRole('button', { name: 'Delete Session' }).isVisible()).toBe(false);
    expect((await page.getByRole('button', { name: 'Import Lap Times' }).boundingBox())!.y).toBeLessThan(PHONE.height);
    await page.screenshot({ path: `${RESULTS_DIR}/pitwall-minute-run-sheet-top-phone.png` });

    await tap(page.getByRole('button', { name: 'Import Lap Times' }));
    await pickFile(page.getByLabel('Import file'), { name: 'speedhive-fp2-all-laps.csv', mimeType: 'text/csv', buffer: await readFile(SPEEDHIVE_EXPORT) });
    const preview = page.getByRole('region', { name: 'Preview of the imported lap times' });
    await visible(preview);
    // The first lap came out of the pits.
    await choose(preview.getByLabel('Imported lap 1 kind'), 'out');
    await tap(preview.getByRole('button', { name: 'Use These Laps' }));
    await tap(page.getByRole('button', { name: 'Save Lap Times' }));
    await visible(page.getByRole('status').filter({ hasText: 'Lap times saved' }));

    for (const [corner, psi] of [['Hot Front Left', '33.5'], ['Hot Front Right', '34'], ['Hot Rear Left', '32.5'], ['Hot Rear Right', '33']] as const) {
      await type(page.getByLabel(corner, { exact: true }), psi);
    }
    await tap(page.getByRole('button', { name: 'Save Tire Pressures' }));
    await visible(page.getByRole('status').filter({ hasText: 'Tire pressures saved' }));

    const tags = page.getByRole('group', { name: 'Feedback tags' });
    await tap(tags.getByRole('button', { name: 'Understeer at entry' }));
    await tap(tags.getByRole('button', { name: 'Traction' }));
    await tap(page.getByRole('button', { name: 'Save Feedback' }));
    await visible(page.getByRole('status').filter({ hasText: 'Feedback saved' }));

    // The saved run sheet, as the server answers it.
    const sessions = (await (await context.request.get(`/api/cars/${carId}/events/${raceEventId}/sessions`)).json()) as {
      name: string; driverName: string | null; airTempC: number | null; weather: string | null; tireSet: string | null; tireSetId: number | null; bestLapMs: number | null; laps: unknown[]; feedbackTags: string[];
      tirePressures: { cold: { fl: number; tempC: number } | null; hot: { fl: number; rr: number } | null };
    }[];
    const fp2 = sessions.find((s) => s.name === 'FP2')!;
    expect(fp2).toMatchObject({ driverName: 'Aiko Tanaka', airTempC: 9, weather: 'Overcast', tireSet: 'Set 1 — new', tireSetId, bestLapMs: 68_702, feedbackTags: ['understeer-entry', 'traction'] });
    expect(fp2.laps).toHaveLength(12);
    expect(fp2.tirePressures).toEqual({ cold: { fl: 27, fr: 27, rl: 26, rr: 26, tempC: 9 }, hot: { fl: 33.5, fr: 34, rl: 32.5, rr: 33 } });
    expect(count.taps, 'taps from the session card to the saved run sheet').toBeLessThanOrEqual(20);
    expect(count.typed, 'characters typed from the session card to the saved run sheet').toBeLessThanOrEqual(30);
    console.info(`pit-wall minute: ${count.taps} taps, ${count.typed} typed characters`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/pitwall-minute-saved-phone.png`, fullPage: true });

    // Leaving the run sheet gives the race event its header and tabs back, FP2's card under FP1's.
    await page.getByRole('button', { name: '← All Sessions' }).tap();
    await visible(page.getByRole('tablist', { name: 'Race event' }));
    await visible(page.getByRole('button', { name: 'Next session after FP2' }));
    await page.screenshot({ path: `${RESULTS_DIR}/pitwall-minute-sessions-phone.png`, fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: `${RESULTS_DIR}/pitwall-minute-sessions-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
  });

  test('has no serious or critical axe violation at 390×844 and 1280×800 on the car page, every race event tab, a run sheet and the parts screen', async () => {
    /** The screen now, at both viewports; answers its violations by viewport. */
    const check = async (name: string) => {
      const found: string[] = [];
      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        found.push(...(await seriousViolations(page, ['label-content-name-mismatch'])).map((v) => `${name} at ${viewport}: ${v}`));
      }
      await page.setViewportSize(PHONE);
      return found;
    };
    const violations: string[] = [];
    await page.goto(`/car/${carId}`);
    await visible(page.getByRole('heading', { name: 'MX-5 #27', level: 1 }));
    violations.push(...(await check('car page')));
    for (const tab of ['overview', 'technical', 'sessions', 'issues', 'images', 'history']) {
      await page.goto(`/car/${carId}/events?eventId=${raceEventId}&tab=${tab}`);
      await visible(page.getByRole('tab', { selected: true }));
      await loadedAsScrolled(page.getByRole('tabpanel').getByTestId('skeleton'));
      violations.push(...(await check(`race event ${tab} tab`)));
    }
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}&tab=sessions`);
    await tap(page.getByRole('button', { name: /^Open FP2/ }));
    await visible(page.getByRole('heading', { name: /^FP2/, level: 2 }));
    violations.push(...(await check('run sheet')));
    await page.goto('/parts');
    await visible(page.getByRole('heading', { name: 'Parts store' }));
    violations.push(...(await check('parts screen')));
    expect(violations).toEqual([]);
  });
});
