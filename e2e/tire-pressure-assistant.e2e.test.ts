import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The tire pressure assistant in headless chromium on a 390×844 phone with touch: on the
 * demo season's Laguna Seca race event, 'Suggest cold pressures' at 24 °C from the MX-5's targets
 * (34 psi front, 33 rear) and its latest run there (the Race: 27.5 psi set at 20 °C, FL came in at
 * 35.0), pick FP2 as the reference instead, and 'Use these' fills the next session's cold pressures.
 */

const PHONE = { width: 390, height: 844 };
const session = useBrowserSession('tire-pressure-assistant', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  page = await session.openPage(context);
});

const corner = (label: string) => page.getByRole('list', { name: 'Proposed cold pressures' }).getByRole('listitem').filter({ hasText: label });

test.describe('tire pressure assistant on a phone (the Sessions tab of a race event)', () => {
  test("suggests the cold pressures for 24 °C, explains each corner, and 'Use these' fills the next session", async () => {
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Spring Sprint Round 1/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await page.getByRole('button', { name: 'Suggest cold pressures' }).tap();

    const form = page.getByRole('form', { name: 'Suggest cold pressures' });
    await visible(form);
    const temperature = form.getByLabel('Air temperature now');
    // Prefilled with the last air temperature of the race event (the Race, 20 °C): the user confirms or changes it.
    expect(await temperature.inputValue()).toBe('20');
    expect(await temperature.getAttribute('inputmode')).toBe('decimal');
    await temperature.fill('24');
    await form.getByRole('button', { name: 'Suggest' }).tap();

    await visible(corner('Front Left').getByText('27.2 psi', { exact: true }));
    expect(await corner('Front Left').textContent()).toContain('FL: last run here set 27.5 psi at 20 °C, came in at 35.0 psi; target 34.0 psi; now 24 °C → set 27.2 psi');
    expect(await corner('Rear Right').textContent()).toContain('RR: last run here set 27.0 psi at 20 °C, came in at 34.5 psi; target 33.0 psi; now 24 °C → set 26.3 psi');
    await visible(page.getByText(/^Working from Race of Spring Sprint Round 1 .*the latest session at WeatherTech Raceway Laguna Seca/));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: `${RESULTS_DIR}/tire-pressure-assistant-suggestion-phone.png`, fullPage: true });

    // Another reference: FP2 (27.5 psi set at 19 °C, FL came in at 34.0).
    const reference = page.getByLabel('Reference session');
    expect(await reference.locator('option').allTextContents()).toHaveLength(4);
    await reference.selectOption({ label: (await reference.locator('option').filter({ hasText: /^FP2 · Spring Sprint Round 1/ }).textContent())! });
    await visible(corner('Front Left').getByText('28.2 psi', { exact: true }));
    expect(await corner('Front Left').textContent()).toContain('FL: FP2 here set 27.5 psi at 19 °C, came in at 34.0 psi; target 34.0 psi; now 24 °C → set 28.2 psi');

    const use = page.getByRole('button', { name: 'Use these' });
    expect((await use.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await use.tap();
    const add = page.getByRole('form', { name: 'Add Session' });
    await visible(add);
    expect(await add.getByLabel('Cold Front Left').inputValue()).toBe('28.2');
    expect(await add.getByLabel('Temperature when set').inputValue()).toBe('24');
    const rearRight = await add.getByLabel('Cold Rear Right').inputValue();
    expect(Number(rearRight)).toBeGreaterThan(26);
    await add.getByLabel('Session name').fill('FP3');
    await add.getByLabel('Start time').fill('2026-11-28T09:00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/tire-pressure-assistant-add-session-phone.png`, fullPage: true });
    await add.getByRole('button', { name: 'Add Session' }).tap();

    // FP3's run sheet holds the cold pressures as set.
    await visible(page.getByRole('heading', { name: /^FP3/, level: 2 }));
    expect(await page.getByLabel('Cold Front Left').inputValue()).toBe('28.2');
    expect(await page.getByLabel('Cold Rear Right').inputValue()).toBe(rearRight);
    expect(await page.getByLabel('Temperature when set').inputValue()).toBe('24');
  });
});
