import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Setup inheritance in headless chromium, on the demo season's MX-5 (its baseline gear
 * ratios, suspension and tire pressures put through the API): a race event with no setup of its
 * own opens its forms with the baseline values; after changing only front camber, the setup sheet
 * prints every other value, 'Compare with…' Baseline reports exactly Front Camber, and the Overview
 * never says '0 gears configured'. Once on a phone (390×844), once on the desktop viewport.
 */

interface Season {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: { car: Record<string, unknown> & { name: string }; gearRatios: unknown[]; suspension: Record<string, string | null>; tirePressures: { items: { condition: string }[]; notes: string | null } }[];
}

const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as Season;
const mx5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;
const PHONE = { width: 390, height: 844 };

const session = useBrowserSession('setup-inheritance', { start: 'server', remotes: ['mfe-events'] });
let context: BrowserContext;
let carId: number;

/** Calls the API with the browser context's session cookie; fails with the answer's body unless 2xx. */
async function api<T>(method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown): Promise<T> {
  const response = await context.request[method](url, { data, headers: { Origin: session.server.url } });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function raceEventWithoutOwnSetup(name: string, date: string): Promise<number> {
  return (await api<{ id: number }>('post', `/api/cars/${carId}/events`, { name, location: 'Sonoma Raceway', date })).id;
}

/** The journey of the issue on one viewport, on a fresh race event of the MX-5. */
async function journey(page: Page, viewportName: string, raceEventId: number, camber: string) {
  await page.goto(`/car/${carId}/events?eventId=${raceEventId}`);
  // Overview: the car runs its baseline, so the setup card counts it.
  const setup = page.getByRole('region', { name: 'Technical Setup' });
  // The final drive is counted apart from the gears.
  await visible(setup.getByText(`${mx5.gearRatios.length - 1} gears + final drive configured · from the baseline`, { exact: true }));
  await visible(setup.getByText('Configured · from the baseline', { exact: true }));
  await visible(setup.getByText(`${mx5.tirePressures.items.length} configurations · from the baseline`, { exact: true }));
  await expect(setup.getByText(/^0 gears configured/)).toHaveCount(0);
  await page.screenshot({ path: path.join(RESULTS_DIR, `setup-inheritance-overview-${viewportName}.png`), fullPage: true });

  // The tire form opens with the baseline rows, not three empty required rows.
  await setup.getByRole('button', { name: 'Manage' }).nth(2).click();
  const tires = page.getByRole('form', { name: 'Edit Tire Pressures' });
  await visible(tires);
  expect(await tires.getByLabel('Condition', { exact: true }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(mx5.tirePressures.items.map((r) => r.condition));
  await tires.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Technical Settings → suspension: the form shows the baseline values; change front camber only.
  await page.getByRole('tab', { name: 'Technical Settings' }).click();
  await page.getByRole('region', { name: 'Suspension Settings' }).getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
  await visible(form);
  // Numbers in the numeric fields (the unit beside them, the sign of a camber on its ± button), text where a value is not a number.
  expect(await form.getByLabel('Front Ride Height', { exact: true }).inputValue()).toBe(mx5.suspension.frontRideHeight!.replace('mm', ''));
  expect(await form.getByLabel('Rear Anti-Roll Bar', { exact: true }).inputValue()).toBe(mx5.suspension.rearAntiRollBar);
  expect(await form.getByLabel('Front Camber', { exact: true }).inputValue()).toBe(mx5.suspension.frontCamber!.replace(/^-|°$/g, ''));
  await form.getByLabel('Front Camber', { exact: true }).fill(camber.replace(/^-|°$/g, ''));
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await visible(page.getByText('Suspension settings updated successfully'));
  const card = page.getByRole('region', { name: 'Suspension Settings' });
  await visible(card.getByText(mx5.suspension.rearRideHeight!, { exact: true }));
  await expect(card.getByText('Race event', { exact: true })).toHaveCount(1);

  // Setup History → Compare with… Baseline: exactly one difference, Front Camber.
  await page.getByRole('tab', { name: 'Setup History' }).click();
  const compare = page.getByRole('region', { name: 'Compare with…' });
  await visible(compare.getByText("1 difference, marked 'Differs'.", { exact: true }));
  await visible(compare.getByRole('row', { name: /^Front Camber/ }).getByText('Differs', { exact: true }));
  await page.screenshot({ path: path.join(RESULTS_DIR, `setup-inheritance-compare-${viewportName}.png`), fullPage: true });

  // The setup sheet prints every value: the new camber and the baseline's others, no '—'.
  await page.getByRole('link', { name: 'Setup Sheet' }).click();
  const sheet = page.getByRole('article', { name: 'Setup sheet' });
  await visible(sheet);
  const suspension = sheet.getByRole('region', { name: 'Suspension & Alignment' });
  const camberCells = suspension.getByRole('row', { name: /^Camber/ }).getByRole('cell');
  await visible(camberCells.first());
  expect(await camberCells.first().textContent()).toBe(`${camber} Race event`);
  await visible(suspension.getByRole('row', { name: /^Ride Height/ }).getByRole('cell', { name: mx5.suspension.rearRideHeight!, exact: true }));
  await expect(suspension.getByText('—', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: path.join(RESULTS_DIR, `setup-inheritance-sheet-${viewportName}.png`), fullPage: true });
}

test.describe('Setup inheritance of a race event', () => {
  test('opens forms with the baseline values, keeps every other value after one change, and compares only real differences (phone and desktop)', async () => {
    context = await session.browser.newContext({ viewport: PHONE, baseURL: session.server.url, isMobile: true, hasTouch: true });
    await api('post', '/api/auth/setup-team', season.setup);
    carId = (await api<{ id: number }>('post', '/api/cars', mx5.car)).id;
    await api('put', `/api/cars/${carId}/gear-ratios`, mx5.gearRatios);
    await api('put', `/api/cars/${carId}/suspension`, mx5.suspension);
    await api('put', `/api/cars/${carId}/tire-pressures`, mx5.tirePressures);

    const phone = await session.openPage(context);
    await journey(phone, 'phone', await raceEventWithoutOwnSetup('Summer Enduro', '2026-06-13'), '-3.1°');

    await phone.setViewportSize(VIEWPORTS.desktop);
    await journey(phone, 'desktop', await raceEventWithoutOwnSetup('Autumn Sprint', '2026-09-05'), '-3.3°');

    expect(session.pageErrors.filter((e) => !/status of 404 \(Not Found\)/.test(e))).toEqual([]);
  });
});
