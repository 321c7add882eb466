import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { newTeamOnPhone, type TeamApi } from './support/new-team.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Parts life on a 390×844 phone with touch: a new team fits a clutch with a 100 km limit to its
 * car (the car's Parts tab), runs two 25-lap sessions at a 3.2 km track (80 km each: 20 % left is
 * 'Due soon', past the limit 'Overdue'), then rebuilds it on the part's page and sees it 'OK'
 * again, with the sessions in its life. Screenshots (phone and desktop) go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('parts-life', { start: 'server' });

let context: BrowserContext;
let page: Page;
let carId: number;
let raceEventId: number;
let api: TeamApi;

/** Adds a session of 25 laps of 1:40 starting now (after the part was fitted, before its service). */
async function runSession(name: string) {
  const startedAt = new Date().toISOString();
  const added = await api<{ id: number }>('POST', `/api/cars/${carId}/events/${raceEventId}/sessions`, { name, type: 'practice', startedAt });
  await api('PUT', `/api/cars/${carId}/events/${raceEventId}/sessions/${added.id}/laps`, { laps: Array.from({ length: 25 }, () => ({ time: '1:40.000', kind: 'timed' })) });
}

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  ({ context, page, carId, raceEventId, api } = await newTeamOnPhone(session));
});

test.describe('parts life on a phone', () => {
  test("fits a clutch with a 100 km limit, sees it 'Due soon' then 'Overdue' as sessions run, and rebuilds it", async () => {
    await page.goto(`/car/${carId}`);
    await page.getByRole('tab', { name: 'Parts' }).tap();
    await page.getByRole('button', { name: 'Add Part' }).tap();
    const form = page.getByRole('form', { name: 'Add Part' });
    await visible(form);
    await form.getByLabel('Part name').fill('Clutch');
    await form.getByLabel('Category').selectOption('clutch');
    await form.getByLabel('Distance limit (km)').fill('100');
    expect(await form.getByLabel('Distance limit (km)').getAttribute('inputmode')).toBe('decimal');
    await form.getByRole('button', { name: 'Add Part' }).tap();
    const clutch = page.getByRole('listitem', { name: 'Clutch' });
    await visible(clutch.getByText('OK', { exact: true }));

    await runSession('FP1');
    await page.reload();
    await visible(clutch.getByText('Due soon', { exact: true }));
    expect(await clutch.textContent()).toContain('80.0 km / 100.0 km · 20.0 km left');
    await page.screenshot({ path: `${RESULTS_DIR}/parts-life-due-soon-phone.png`, fullPage: true });

    await runSession('FP2');
    await page.reload();
    await visible(clutch.getByText('Overdue', { exact: true }));
    expect(await clutch.textContent()).toContain('60.0 km over');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/parts-life-overdue-phone.png`, fullPage: true });

    await clutch.getByRole('link', { name: 'Clutch' }).tap();
    const service = page.getByRole('form', { name: 'Record Service' });
    await visible(service);
    await service.getByLabel('Service notes').fill('Clutch rebuilt, new friction plate');
    await service.getByLabel('Rebuild: the life count starts again at zero').check();
    await service.getByRole('button', { name: 'Record Service' }).tap();
    await visible(page.getByRole('listitem', { name: 'Clutch' }).getByText('OK', { exact: true }));
    const life = page.getByRole('region', { name: 'Life' });
    await visible(life.getByText('Serviced — Clutch rebuilt, new friction plate (life reset)'));
    await expect(life.getByText(/^Session on MX-5 #27: 25 laps · 80\.0 km/)).toHaveCount(2);
    await page.screenshot({ path: `${RESULTS_DIR}/parts-life-part-phone.png`, fullPage: true });

    const desktop = await session.openPage(await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url, storageState: await context.storageState() }), { label: 'desktop' });
    // The part's page on a desktop: the current fit's date can be corrected ('Fit date', 'Save').
    await desktop.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await visible(desktop.getByRole('form', { name: 'Correct fit date' }).getByLabel('Fit date'));
    await desktop.screenshot({ path: `${RESULTS_DIR}/parts-life-part-desktop.png`, fullPage: true });
    await desktop.goto(`/car/${carId}?tab=parts`);
    await visible(desktop.getByRole('listitem', { name: 'Clutch' }));
    await desktop.screenshot({ path: `${RESULTS_DIR}/parts-life-tab-desktop.png`, fullPage: true });
    await desktop.goto('/parts');
    await visible(desktop.getByRole('listitem', { name: 'Clutch' }));
    await desktop.screenshot({ path: `${RESULTS_DIR}/parts-life-store-desktop.png`, fullPage: true });
  });
});
