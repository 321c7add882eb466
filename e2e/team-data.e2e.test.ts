import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, visible } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Team data that moves, in the browser: the owner exports the team from Team Settings (a progress
 * bar while the server builds the file, then a .zip download), imports the same file as a copy and
 * sees the copied team's cars on the dashboard. Desktop and phone screenshots go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('team-data', { start: 'server' });

let context: BrowserContext;
let page: Page;

async function api<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(url, { method, data, headers: { Origin: session.server.url } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  context = await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url, acceptDownloads: true });
  await api('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' });
  await api('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, color: '#c8102e', carClass: 'Other' });
  await api('POST', '/api/cars', { name: 'GR86 #86', makeModel: 'Toyota GR86', year: 2023, color: '#1d4ed8', carClass: 'Other' });
  page = await session.openPage(context);
});

test.describe('team data in Team Settings', () => {
  test('exports the team with a progress bar and a download, then imports the file as a copy whose cars show on the dashboard', async () => {
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Export Apex Garage Racing' });
    // Hold the answer until the bar has been seen: the server builds small teams faster than a frame.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/teams/*/export', async (route: Route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /Export team data/ }).click();
    await visible(card.getByRole('progressbar', { name: 'Export progress of Apex Garage Racing' }));
    await page.screenshot({ path: `${RESULTS_DIR}/team-data-exporting-desktop.png`, fullPage: true });
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^pitwall-apex-garage-racing-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(RESULTS_DIR, file.suggestedFilename());
    await file.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 2).toString()).toBe('PK');
    await page.unroute('**/api/teams/*/export');

    const form = page.getByRole('form', { name: 'Import team data' });
    await form.getByLabel('Team export file').setInputFiles(saved);
    await form.getByRole('button', { name: 'Import team data' }).click();
    await visible(page.getByText('The team was imported as a new team you own.'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/team-data-imported-desktop.png`, fullPage: true });
    await page.getByRole('link', { name: 'See its cars' }).click();
    // The original's two cars and the copy's two.
    await expect.poll(() => page.getByRole('heading', { name: 'MX-5 #27' }).count()).toBe(2);
    await expect.poll(() => page.getByRole('heading', { name: 'GR86 #86' }).count()).toBe(2);
  });

  test('fits a phone: no sideways scrolling, the import refuses a file that is no export with its one sentence', async () => {
    const phone = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url, storageState: await context.storageState() });
    const p = await session.openPage(phone);
    await p.goto('/settings');
    const form = p.getByRole('form', { name: 'Import team data' });
    await form.getByLabel('Team export file').setInputFiles({ name: 'laps.csv', mimeType: 'text/csv', buffer: Buffer.from('lap,time\n1,1:42.318\n') });
    await form.getByRole('button', { name: 'Import team data' }).tap();
    await visible(form.getByText('This is not a Pitwall team export (it is not a readable zip file).'));
    expect(await seriousViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await form.scrollIntoViewIfNeeded();
    await p.screenshot({ path: `${RESULTS_DIR}/team-data-phone.png`, fullPage: true });
    await phone.close();
  });
});
