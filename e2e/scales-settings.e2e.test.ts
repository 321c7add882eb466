import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { CornerWeights } from '@pitwall/contracts';
import { RESULTS_DIR, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The scales beyond the car's own card, on the demo season's MX-5 weighed 360 / 350 / 340 / 350 kg
 * on its baseline: (1) on a phone (390×844), a race event's Technical Settings shows the baseline's
 * corner weights as inherited; changing one corner there makes that corner the race event's own
 * (marked 'Race event' like the suspension) while the car's baseline card keeps its value; (2) Team
 * Settings' mass unit lb and the oval diagonal: the car's card shows lb and says 'RF + LR', the API
 * still answers kg. Every page at both viewports: no serious axe-core violation, no sideways
 * scrolling, a screenshot (test-results/scales-{page}-{viewport}.png, the card alone
 * scales-{page}-card-{viewport}.png).
 */

interface Season {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: { car: Record<string, unknown> & { name: string } }[];
}

const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as Season;
const mx5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;
const SCALES = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: null, ballastPosition: null, notes: null };

const session = useBrowserSession('scales-settings', { start: 'server', remotes: ['mfe-events', 'mfe-teams'] });
let context: BrowserContext;
let page: Page;
let carId: number;
let raceEventId: number;

/** Calls the API with the browser context's session cookie; fails with the answer's body unless 2xx. */
async function api<T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const response = await context.request[method](url, { data, headers: { Origin: session.server.url } });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The value shown beside a corner's or figure's label in the Corner Weights card. */
const figure = (label: string) =>
  page.getByRole('region', { name: 'Corner Weights' }).getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()+]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

/** At the phone and desktop viewports: no serious axe-core violation, no sideways scrolling, a full-page screenshot. */
async function checkViewports(name: string) {
  await mkdir(RESULTS_DIR, { recursive: true });
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(await seriousViolations(page), `${name} ${viewport}`).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${name} ${viewport}: page width`).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: path.join(RESULTS_DIR, `scales-${name}-${viewport}.png`), fullPage: true });
    await page.getByRole('region', { name: 'Corner Weights' }).screenshot({ path: path.join(RESULTS_DIR, `scales-${name}-card-${viewport}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

test.describe('the scales on a race event and in the team settings', () => {
  test.beforeAll(async () => {
    context = await session.browser.newContext({ viewport: VIEWPORTS.phone, baseURL: session.server.url, isMobile: true, hasTouch: true });
    await api('post', '/api/auth/setup-team', season.setup);
    carId = (await api<{ id: number }>('post', '/api/cars', mx5.car)).id;
    await api('put', `/api/cars/${carId}/corner-weights`, SCALES);
    raceEventId = (await api<{ id: number }>('post', `/api/cars/${carId}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).id;
    page = await session.openPage(context);
  });

  test("a race event inherits the baseline's corner weights; one changed there becomes its own, the baseline keeps its value", async () => {
    await page.goto(`/car/${carId}/events?eventId=${raceEventId}`);
    await page.getByRole('tab', { name: 'Technical Settings' }).click();
    const card = page.getByRole('region', { name: 'Corner Weights' });
    await visible(figure('RR'));
    expect(await figure('RR').textContent()).toBe('350 kg');
    await expect(card.getByText('Race event', { exact: true })).toHaveCount(0);

    await card.getByRole('button', { name: 'Edit Corner Weights' }).click();
    const form = page.getByRole('form', { name: 'Edit Corner Weights' });
    await visible(form);
    expect(await form.getByRole('textbox', { name: 'FL (kg)' }).inputValue()).toBe('360');
    await form.getByRole('textbox', { name: 'RR (kg)' }).fill('360');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Corner weights updated successfully'));

    await visible(figure('RR').getByText('Race event', { exact: true }));
    expect(await figure('RR').textContent()).toBe('360 kg Race event');
    expect(await figure('FL').textContent()).toBe('360 kg');
    await expect(card.getByText('Race event', { exact: true })).toHaveCount(1);
    // (360 + 360) ÷ 1,410 kg
    expect(await figure('Cross weight (FL + RR)').textContent()).toBe('51.1 %');
    await checkViewports('race-event');

    await page.goto(`/car/${carId}`);
    await visible(figure('RR'));
    expect(await figure('RR').textContent()).toBe('350 kg');
    expect(await figure('Cross weight (FL + RR)').textContent()).toBe('50.7 %');
  });

  test("Team Settings' lb and oval diagonal: the car's card shows lb and says RF + LR; the API still answers kg", async () => {
    await page.goto('/settings');
    const units = page.getByRole('region', { name: 'Units' });
    await units.getByRole('radio', { name: 'lb' }).check();
    await units.getByRole('radio', { name: 'RF + LR (oval)' }).check();
    await units.getByRole('button', { name: 'Save Units' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Settings saved' }));

    await page.goto(`/car/${carId}`);
    await visible(figure('Cross weight (RF + LR)'));
    // (FR + RL) ÷ total = 690 ÷ 1,400 kg; 1 lb = 0.45359237 kg
    expect(await figure('Cross weight (RF + LR)').textContent()).toBe('49.3 %');
    expect(await figure('FL').textContent()).toBe('793.7 lb');
    expect(await figure('Total').textContent()).toBe('3,086.5 lb');
    // The wedge is the chosen diagonal minus the other: (FR + RL) − (FL + RR) = −20 kg.
    expect(await figure('Wedge').textContent()).toBe('−44.1 lb');
    await page.getByRole('region', { name: 'Corner Weights' }).getByRole('button', { name: 'Edit Corner Weights' }).click();
    expect(await page.getByRole('form', { name: 'Edit Corner Weights' }).getByRole('textbox', { name: 'FL (lb)' }).inputValue()).toBe('793.7');
    await page.getByRole('form', { name: 'Edit Corner Weights' }).getByRole('button', { name: 'Cancel' }).click();
    await visible(figure('FL'));
    await checkViewports('car-lb-oval');

    const answer = await api<CornerWeights>('get', `/api/cars/${carId}/corner-weights`);
    expect(answer).toMatchObject({ fl: 360, fr: 350, rl: 340, rr: 350, derived: { totalKg: 1400, diagonal: 'rf-lr' } });
    expect(answer.derived!.crossPercent).toBeCloseTo(49.286, 3);
  });
});
