import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Run sheets in headless chromium on a 390×844 phone with touch: on the demo season's
 * Laguna Seca race event, add FP1, paste a timing export (the preview names the line it cannot
 * read), save the laps, change the front camber, add FP2, and see the change under 'Changes since
 * FP1' and both sessions ranked under 'At this track'. Screenshots go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const session = useBrowserSession('run-sheets', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;

/** A timing export as a club timing screen writes it: header, lap number, time, flag; line 5 is garbled. */
const EXPORT = ['Lap,Time,Flag', '1,1:58.204,OUT', '2,1:44.912,', '3,1.44.512,', '4,1:4x.031,', '5,104.100,', '6,1:52.310,IN'].join('\n');

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  page = await session.openPage(context);
});

/** Fills the Add Session form and submits it; the new session's run sheet opens. */
async function addSession(name: string, startedAt: string) {
  await page.getByRole('button', { name: 'Add Session' }).tap();
  const form = page.getByRole('form', { name: 'Add Session' });
  await visible(form);
  await form.getByLabel('Session name').fill(name);
  await form.getByLabel('Start time').fill(startedAt);
  await form.getByLabel('Driver').selectOption({ label: 'Aiko Tanaka' });
  await form.getByLabel('Air temperature').fill('18');
  await form.getByLabel('Track temperature').fill('27');
  await form.getByLabel('Tire set').fill('Set 3 — used');
  await form.getByRole('button', { name: 'Add Session' }).tap();
  await visible(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 2 }));
}

test.describe('run sheets on a phone (the Sessions tab of a race event)', () => {
  test("adds FP1 with pasted lap times, then FP2 after a camber change: 'Changes since FP1' and 'At this track'", async () => {
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Spring Sprint Round 1/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await visible(page.getByRole('button', { name: 'Open Qualifying' }));

    await addSession('FP1', '2026-11-28T09:00');
    await page.getByRole('button', { name: 'Import Lap Times' }).tap();
    await page.getByLabel('Paste lap times').fill(EXPORT);
    await page.getByRole('button', { name: 'Preview' }).tap();
    // The preview names the unreadable line before anything is saved.
    const problems = page.getByRole('alert').filter({ hasText: 'could not be read' });
    await visible(problems);
    expect(await problems.textContent()).toContain("Line 5: lap 4: '1:4x.031' is not a lap time");
    await page.getByRole('button', { name: 'Use These Laps' }).tap();
    expect(await page.getByLabel('Lap 5 time').inputValue()).toBe('1:52.310');
    expect(await page.getByLabel('Lap 5 kind').inputValue()).toBe('in');
    expect(await page.getByLabel('Lap 1 time').getAttribute('inputmode')).toBe('decimal');
    await page.getByRole('button', { name: 'Save Lap Times' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Lap times saved' }));
    const stats = page.locator('dl').filter({ hasText: 'Average of' });
    await expect.poll(() => stats.textContent()).toContain('1:44.100');
    expect(await stats.textContent()).toContain('1:44.508');
    await visible(page.getByRole('img', { name: /Lap times chart: 3 timed laps/ }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const target of [page.getByLabel('Lap 1 time'), page.getByRole('button', { name: 'Remove lap 1' }), page.getByRole('button', { name: 'Add Lap' }), page.getByRole('button', { name: 'Understeer at entry' })]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: `${RESULTS_DIR}/run-sheets-fp1-phone.png`, fullPage: true });

    // Between the sessions: the front camber of this race event from -3.2° to -3.4°. On a phone
    // the open run sheet has the screen (no tab list): back to the sessions first.
    await page.getByRole('button', { name: '← All Sessions' }).tap();
    await page.getByRole('tab', { name: 'Overview' }).tap();
    await page.getByRole('button', { name: 'Edit Setup', exact: true }).tap();
    const setup = page.getByRole('form', { name: 'Edit Setup' });
    await setup.getByLabel('Front Camber', { exact: true }).tap();
    await page.keyboard.type('3.4');
    await setup.getByRole('button', { name: 'Save Changes' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Suspension settings updated successfully' }));

    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await addSession('FP2', '2026-11-28T13:00');
    const changes = page.getByRole('region', { name: 'Changes since FP1' });
    await visible(changes);
    await visible(changes.getByText(/Front camber.*-3\.4°/));
    expect(await changes.textContent()).toContain('Dana Whitfield');
    await page.screenshot({ path: `${RESULTS_DIR}/run-sheets-fp2-phone.png`, fullPage: true });

    await page.getByRole('button', { name: '← All Sessions' }).tap();
    const ranking = page.getByRole('list', { name: /Sessions at WeatherTech Raceway Laguna Seca, best lap first/ });
    await visible(ranking);
    // The list may first show what was fetched before FP2 was added: wait for FP2 to be in it.
    await visible(ranking.getByRole('listitem').filter({ hasText: /^—FP2 · Spring Sprint Round 1/ }));
    const rows = await ranking.getByRole('listitem').allTextContents();
    // The seeded Qualifying (1:43.840) is fastest, the new FP1 next; FP2 without a timed lap is last.
    expect(rows[0]).toMatch(/^1:43\.840Qualifying/);
    expect(rows[1]).toMatch(/^1:44\.100FP1 · Spring Sprint Round 1/);
    expect(rows.at(-1)).toMatch(/^—FP2 · Spring Sprint Round 1/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/run-sheets-sessions-phone.png`, fullPage: true });

    // 'Compare setups' of the two: the front camber differs.
    await page.getByLabel('First session').selectOption({ label: 'FP1 · Spring Sprint Round 1 · 28 Nov 2026, 09:00' });
    await page.getByLabel('Second session').selectOption({ label: 'FP2 · Spring Sprint Round 1 · 28 Nov 2026, 13:00' });
    await page.getByRole('button', { name: 'Compare Setups' }).tap();
    await visible(page.getByText("1 difference, marked 'Differs'."));
    const differing = page.locator('tr[data-differs]');
    await expect(differing).toHaveCount(1);
    expect(await differing.textContent()).toMatch(/Front Camber.*-3\.2°.*-3\.4°/);
  });
});
