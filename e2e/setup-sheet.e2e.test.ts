import { mkdir } from 'node:fs/promises';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { PADDOCK_3G } from '../bench/sections/paddock.ts';
import { RESULTS_DIR, seriousViolations, visible } from './support/browser.ts';
import { newTeamOnPhone, type TeamApi } from './support/new-team.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The engineer's setup sheet and the tire temperatures on a 390×844 phone with touch, on the
 * 'paddock 3G' network (1.6 Mbps down, 300 ms round trip): a new team's engineer enters the front
 * left corner of the car's setup sheet (camber on the decimal keypad, negative by default; Enter
 * moves on) and saves it; then, after a run, enters a set of tire temperatures on the run sheet —
 * the worked example of the targets' defaults (5–10 °C spread, ±2 °C middle) — and reads the advice
 * beside each tire. Both screens have no serious or critical axe violations and no sideways scroll;
 * screenshots at 390×844 and 1280×800 go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('setup-sheet', { start: 'server', remotes: ['mfe-cars', 'mfe-events'] });

let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let carId: number;
let raceEventId: number;
let api: TeamApi;

/** The worked example: inner, middle, outer (°C) per tire. */
const READING = { FL: [92, 86, 80], FR: [85, 90, 82], RL: [81, 84, 88], RR: [84, 80, 82] } as const;

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  ({ context, page, carId, raceEventId, api } = await newTeamOnPhone(session));
  cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PADDOCK_3G);
});

const noSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test.describe("the engineer's setup sheet and tire temperatures on a phone", () => {
  test("enters the front left corner of the car's setup sheet a field after another and sees it on the card", async () => {
    await page.goto(`/car/${carId}`);
    const card = page.getByRole('region', { name: 'Setup Sheet' });
    await card.getByRole('button', { name: 'Add Setup Sheet' }).tap({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Edit Setup Sheet' });
    await visible(form.getByRole('tab', { name: 'FL', selected: true }));
    const camber = form.getByLabel('FL camber (°)', { exact: true });
    expect(await camber.getAttribute('inputmode')).toBe('decimal');
    await camber.tap();
    await page.keyboard.type('3.2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1.5');
    expect(await form.getByLabel('FL toe (mm)', { exact: true }).inputValue()).toBe('1.5');
    await form.getByLabel('FL ride height (mm)', { exact: true }).fill('118');
    expect(await form.getByLabel('FL low-speed bump (clicks)', { exact: true }).getAttribute('inputmode')).toBe('numeric');
    await form.getByLabel('FL low-speed bump (clicks)', { exact: true }).fill('8');
    await form.getByLabel('Brake bias (front) (%)', { exact: true }).fill('57,5');
    await noSidewaysScroll();
    expect(await seriousViolations(page), 'setup sheet form at 390×844').toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/setup-sheet-form-phone.png`, fullPage: false });
    await form.getByRole('button', { name: 'Save' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Setup sheet updated successfully' }), 30_000);

    const corners = card.getByRole('table', { name: 'Corners' });
    const row = (setting: string) => corners.getByRole('row').filter({ has: page.getByRole('rowheader', { name: setting }) }).getByRole('cell').allTextContents();
    await expect.poll(() => row('Camber (°)'), { timeout: 30_000 }).toEqual(['-3.2', '—', '—', '—']);
    expect(await row('Toe (mm)')).toEqual(['1.5', '—', '—', '—']);
    expect(await row('Ride height (mm)')).toEqual(['118', '—', '—', '—']);
    await visible(card.getByRole('region', { name: 'Brakes' }).getByText('57.5'));
    const stored = await api<{ corners: { fl: { camberDeg: number; toeMm: number; damper: { lowSpeedBump: number } } }; brakes: { biasFrontPercent: number } }>('GET', `/api/cars/${carId}/setup-sheet`);
    expect([stored.corners.fl.camberDeg, stored.corners.fl.toeMm, stored.corners.fl.damper.lowSpeedBump, stored.brakes.biasFrontPercent]).toEqual([-3.2, 1.5, 8, 57.5]);
    await noSidewaysScroll();
    expect(await seriousViolations(page), 'setup sheet card at 390×844').toEqual([]);
    await card.screenshot({ path: `${RESULTS_DIR}/setup-sheet-card-phone.png` });
  });

  test('enters the tire temperatures after a run and reads the advice beside each tire', async () => {
    const run = await api<{ id: number }>('POST', `/api/cars/${carId}/events/${raceEventId}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-11-28T09:00:00Z' });
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}&tab=sessions&session=${run.id}`);
    await page.getByRole('button', { name: 'Add Tire Temperatures' }).tap({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Add Tire Temperatures' });
    expect(await form.getByLabel('FL inner (°C)', { exact: true }).getAttribute('inputmode')).toBe('decimal');
    await form.getByLabel('FL inner (°C)', { exact: true }).tap();
    // Every field typed on the keypad, Enter moving to the next: FL inner, middle, outer, FR inner, …
    for (const values of Object.values(READING)) {
      for (const value of values) {
        await page.keyboard.type(String(value));
        await page.keyboard.press('Enter');
      }
    }
    expect(await form.getByLabel('RR outer (°C)', { exact: true }).inputValue()).toBe('82');
    await noSidewaysScroll();
    await form.getByRole('button', { name: 'Save Tire Temperatures' }).tap();

    const tires = page.getByRole('list', { name: 'Tires seen from above, front at the top' }).getByRole('listitem');
    await visible(tires.first().getByRole('img', { name: 'FL tread: inner 92 °C, middle 86 °C, outer 80 °C' }), 30_000);
    const advice = async (i: number) => (await tires.nth(i).getByText(/^Camber:/).textContent())?.trim();
    // FL: spread 12 (above 5–10), middle 0 → less negative, pressure ok; FR: spread 3, middle +6.5 → more negative, lower; RR: spread 2, middle −3 → more negative, raise.
    expect([await advice(0), await advice(1), await advice(3)]).toEqual(['Camber: less negative · Pressure: ok', 'Camber: more negative · Pressure: lower', 'Camber: more negative · Pressure: raise']);
    // The screen shows the reading as soon as it is sent; the server has it once the PUT is through the slow network.
    const stored = async () => (await api<{ id: number; tireTemperatures: { corners: { fl: { reading: { camber: string } } } }[] }[]>('GET', `/api/cars/${carId}/events/${raceEventId}/sessions`)).find((s) => s.id === run.id)!.tireTemperatures.map((t) => t.corners.fl.reading.camber);
    await expect.poll(stored, { timeout: 30_000 }).toEqual(['less negative']);
    await noSidewaysScroll();
    expect(await seriousViolations(page), 'tire temperatures at 390×844').toEqual([]);
    await page.getByRole('list', { name: 'Tires seen from above, front at the top' }).screenshot({ path: `${RESULTS_DIR}/tire-temperatures-phone.png` });

    const desktop = await session.openPage(await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url, storageState: await context.storageState() }), { label: 'desktop' });
    await desktop.goto(`/car/${carId}/events?eventId=${raceEventId}&tab=sessions&session=${run.id}`);
    await visible(desktop.getByRole('img', { name: 'FL tread: inner 92 °C, middle 86 °C, outer 80 °C' }), 30_000);
    expect(await seriousViolations(desktop), 'tire temperatures at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/tire-temperatures-desktop.png`, fullPage: true });
    await desktop.goto(`/car/${carId}`);
    await visible(desktop.getByRole('table', { name: 'Corners' }), 30_000);
    expect(await seriousViolations(desktop), 'setup sheet card at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/setup-sheet-desktop.png`, fullPage: true });
  });
});
