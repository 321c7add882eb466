import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Scales and geometry on a mechanic's phone (390×844), on the demo season's MX-5 (its suspension
 * put through the API): the ride heights change to 65 / 85 mm in the Suspension & Alignment form,
 * then the four corner weights go into the Corner Weights card; the card shows the cross weight on
 * the road-racing diagonal and the suspension card the rake that follows; with a target cross weight
 * of 50 % the card says '0.7 % over target'. Screenshots of the car
 * page at the phone and desktop viewports (test-results/corner-weights-car-{viewport}.png), no
 * serious axe-core violation, no sideways scrolling on the phone; the card alone as
 * test-results/corner-weights-card-{viewport}.png.
 */

interface Season {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: { car: Record<string, unknown> & { name: string }; suspension: Record<string, string | null> }[];
}

const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as Season;
const mx5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;

const session = useBrowserSession('corner-weights', { start: 'server' });
let context: BrowserContext;
let page: Page;

/** Calls the API with the browser context's session cookie; fails with the answer's body unless 2xx. */
async function api<T>(method: 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const response = await context.request[method](url, { data, headers: { Origin: session.server.url } });
  expect(response.status(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

test.describe('corner weights on a phone', () => {
  test('after a change of ride height, four corner weights give the cross weight, and the suspension card the rake', async () => {
    context = await session.browser.newContext({ viewport: VIEWPORTS.phone, baseURL: session.server.url, isMobile: true, hasTouch: true });
    await api('post', '/api/auth/setup-team', season.setup);
    const carId = (await api<{ id: number }>('post', '/api/cars', mx5.car)).id;
    await api('put', `/api/cars/${carId}/suspension`, mx5.suspension);
    page = await session.openPage(context);
    await page.goto(`/car/${carId}`);

    const suspensionCard = page.getByRole('region', { name: 'Suspension & Alignment' });
    await suspensionCard.getByRole('button', { name: 'Edit Suspension & Alignment' }).click();
    const suspensionForm = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
    await visible(suspensionForm);
    await suspensionForm.getByRole('textbox', { name: 'Front Ride Height' }).fill('65');
    await suspensionForm.getByRole('textbox', { name: 'Rear Ride Height' }).fill('85');
    await suspensionForm.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Suspension settings updated successfully'));

    const card = page.getByRole('region', { name: 'Corner Weights' });
    await card.getByRole('button', { name: 'Add Corner Weights' }).click();
    const form = page.getByRole('form', { name: 'Edit Corner Weights' });
    await visible(form);
    for (const [corner, kg] of [['FL', '360'], ['FR', '350'], ['RL', '340'], ['RR', '350']]) {
      const field = form.getByRole('textbox', { name: `${corner} (kg)` });
      expect(await field.getAttribute('inputmode')).toBe('decimal');
      await field.fill(kg!);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Corner weights updated successfully'));

    /** The value shown beside a figure's label. */
    const figure = (region: string, label: string) => page.getByRole('region', { name: region }).getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()+]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');
    await visible(figure('Corner Weights', 'Cross weight (FL + RR)'));
    expect(await figure('Corner Weights', 'Cross weight (FL + RR)').textContent()).toBe('50.7 %');
    expect(await figure('Corner Weights', 'Wedge').textContent()).toBe('+20 kg');
    await visible(figure('Geometry', 'Rake'));
    expect(await figure('Geometry', 'Rake').textContent()).toBe('20 mm');

    // A target cross weight of 50 %: the card says how far the car is from it.
    await page.getByRole('region', { name: 'Corner Weights' }).getByRole('button', { name: 'Edit Setup Targets' }).click();
    const targets = page.getByRole('form', { name: 'Edit Setup Targets' });
    await targets.getByRole('textbox', { name: 'Target cross weight (%)' }).fill('50');
    await targets.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Setup targets updated successfully'));
    await visible(page.getByText('· 0.7 % over target'));
    expect(await figure('Corner Weights', 'Cross weight (FL + RR)').textContent()).toBe('50.7 % · 0.7 % over target');

    await mkdir(RESULTS_DIR, { recursive: true });
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      expect(await seriousViolations(page), viewport).toEqual([]);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${viewport}: page width`).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: path.join(RESULTS_DIR, `corner-weights-car-${viewport}.png`), fullPage: true });
      await page.getByRole('region', { name: 'Corner Weights' }).screenshot({ path: path.join(RESULTS_DIR, `corner-weights-card-${viewport}.png`) });
    }
  });
});
