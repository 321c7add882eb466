import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The mechanic's phone: the small traps and the read-mode phone layout, in a real
 * browser on the demo season (imported with `npm run seed`), at the desktop 1280×800 and phone
 * 390×844 viewports. Every screen checked: 0 serious or critical axe-core violations and no
 * sideways scrolling at 390 px; screenshots as test-results/mechanics-phone-{screen}-{viewport}.png.
 * The server runs with UPLOAD_MAX_BYTES=1 MiB so a 'too large' photo is small to make.
 */

const UPLOAD_MAX_BYTES = 1024 * 1024;
const OWNER = { username: 'dana', password: 'paddock-2026' };
const MX5 = 'MX-5 #27';
const RACE_EVENT = 'Spring Sprint Round 1';

const session = useBrowserSession('mechanics-phone', { start: 'browser', remotes: ['mfe-events', 'mfe-teams'] });
let page: Page;
let carUrl = '';

const hidden = (locator: Locator) => locator.waitFor({ state: 'hidden' });

/** Two animation frames: the layout after a viewport change has been applied and painted. */
const settled = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * Checks the current screen at each viewport: no serious/critical axe violation, no sideways
 * scrolling (document width ≤ viewport width), and a full-page screenshot. Ends on the phone
 * viewport when `end` is 'phone', else on the desktop.
 */
async function checkScreen(name: string, end: 'desktop' | 'phone' = 'desktop'): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await settled();
    expect(await seriousViolations(page), `${name} at ${viewport}`).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${name} at ${viewport}: page width`).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: path.join(RESULTS_DIR, `mechanics-phone-${name}-${viewport}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[end]);
  await settled();
}

/** The per-car header in either form: the bar (desktop) or the top bar's page menu (phone). */
const carHeader = () => page.locator('.shell-car-header, .shell-topbar__car').filter({ visible: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const server = await session.startServer({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'services/server/src/seed/cli.ts', 'data/demo-season.json', '--url', server.url], { cwd: REPO_ROOT });
  page = await session.openPage();
});

test.describe("the mechanic's phone", () => {
  test("login opens on 'Team Member' the first time and keeps what was typed across tabs", async () => {
    await page.goto(session.server.url);
    const memberTab = page.getByRole('tab', { name: 'Team Member' });
    await visible(memberTab);
    expect(await memberTab.getAttribute('aria-selected')).toBe('true');
    await checkScreen('login');
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('tab', { name: 'Admin Login' }).click();
    expect(await page.getByLabel('Username').inputValue()).toBe(OWNER.username);
    expect(await page.getByLabel('Password').inputValue()).toBe(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
  });

  test('the Dashboard of a one-team user: no team filter, no car header', async () => {
    await visible(page.getByRole('link', { name: MX5, exact: true }));
    await expect(page.getByLabel('Team', { exact: true })).toHaveCount(0);
    await expect(carHeader()).toHaveCount(0);
    await checkScreen('dashboard', 'phone');
    await expect(carHeader()).toHaveCount(0);
  });

  test('car detail on the phone: one-line car header, all four tire corners, the gear table and chart fit', async () => {
    await page.getByRole('link', { name: MX5, exact: true }).click();
    await visible(page.getByRole('region', { name: 'Tire Pressures', exact: true }));
    carUrl = page.url();
    const pagesButton = page.getByRole('button', { name: `Car Details: pages of ${MX5}` });
    await visible(pagesButton);
    const topBar = await page.locator('.shell-topbar').boundingBox();
    expect(topBar!.y + topBar!.height, 'top bar + car header').toBeLessThanOrEqual(64);

    const tires = page.getByRole('region', { name: 'Tire Pressures', exact: true });
    const firstRow = tires.getByRole('row').nth(1);
    for (const cell of await firstRow.getByRole('cell').all()) {
      const box = await cell.boundingBox();
      expect(box!.x + box!.width, 'a tire corner inside the 390 px screen').toBeLessThanOrEqual(390);
    }
    const gears = page.getByRole('region', { name: 'Gear Ratios', exact: true });
    const speedHeader = gears.getByRole('columnheader', { name: 'Speed (kph @ max rpm)' });
    await visible(speedHeader);
    expect(await speedHeader.evaluate((th) => th.scrollWidth <= th.clientWidth && th.getBoundingClientRect().right <= 390)).toBe(true);
    const chart = gears.getByRole('img', { name: /^Gear chart/ });
    expect(await chart.evaluate((svg) => svg.getBoundingClientRect().width <= svg.parentElement!.getBoundingClientRect().width + 0.5)).toBe(true);
    for (const scroller of await gears.locator('div').all()) {
      expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), 'nothing scrolls sideways in Gear Ratios').toBe(true);
    }
    await checkScreen('car-detail', 'phone');
  });

  test('the whole checklist row toggles, and a delete can be undone from the toast', async () => {
    const checklist = page.getByRole('region', { name: 'Car Checklist', exact: true });
    const box = checklist.getByRole('checkbox').first();
    const title = (await box.getAttribute('aria-label'))!;
    const before = await box.isChecked();
    const row = checklist.locator('label', { has: page.getByRole('checkbox', { name: title, exact: true }) });
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // A tap on the title, not on the box.
    await checklist.getByText(title, { exact: true }).click();
    await page.waitForFunction(([name, was]) => (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.checked === !was, [title, before] as const);

    await checklist.getByRole('button', { name: `Delete ${title}` }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Item removed' });
    await visible(toast);
    await hidden(checklist.getByRole('checkbox', { name: title, exact: true }));
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mechanics-phone-checklist-undo-phone.png') });
    await toast.getByRole('button', { name: 'Undo' }).click();
    const restored = checklist.getByRole('checkbox', { name: title, exact: true });
    await visible(restored);
    // Undo adds the item again, then ticks it: a teammate's screen (and this one, live) may show the first step for a moment.
    await expect.poll(() => restored.isChecked()).toBe(!before);
  });

  test("race event tabs never overlap; the overview, technical settings and 'As it was at' caption", async () => {
    await page.getByRole('button', { name: `Car Details: pages of ${MX5}` }).click();
    await page.getByRole('navigation', { name: 'Selected car pages' }).getByRole('link', { name: 'Events' }).click();
    await page.getByRole('button', { name: new RegExp(RACE_EVENT) }).first().click();
    const tabs = page.getByRole('tab');
    await visible(page.getByRole('tab', { name: 'Technical Settings' }));
    const boxes = await Promise.all((await tabs.all()).map((t) => t.boundingBox()));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, `tabs ${i} and ${j} overlap at 390 px`).toBe(false);
      }
      expect(boxes[i]!.x + boxes[i]!.width).toBeLessThanOrEqual(390);
    }
    await checkScreen('race-event-overview', 'phone');
    await page.getByRole('tab', { name: 'Technical Settings' }).click();
    await visible(page.getByRole('tabpanel', { name: 'Technical Settings' }));
    await checkScreen('race-event-technical-settings', 'phone');
    await page.getByRole('tab', { name: 'Setup History' }).click();
    await visible(page.getByText(new RegExp(`^As it was at the last change for ${RACE_EVENT} \\(\\w{3} \\d+, \\d{4} \\d\\d:\\d\\d\\)$`)));
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mechanics-phone-as-of-phone.png'), fullPage: true });
  });

  test('issues: a photo over the upload limit is refused before it is sent, naming the limit', async () => {
    await page.goto(`${carUrl}/issues`);
    await visible(page.getByRole('button', { name: 'Add Issue' }));
    await checkScreen('issues', 'phone');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload')) uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'Add Issue' }).click();
    await page.getByLabel('Image').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1) });
    await visible(page.getByText(/at most 1 MB can be uploaded/));
    expect(uploads).toEqual([]);
  });

  test('gallery: a photo over the upload limit is refused before it is sent', async () => {
    await page.goto(`${carUrl}/gallery`);
    await visible(page.getByRole('button', { name: 'Upload Image' }));
    await checkScreen('gallery', 'phone');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload')) uploads.push(request.url());
    });
    await page.getByRole('button', { name: 'Upload Image' }).click();
    const form = page.getByRole('form', { name: 'Upload Image' });
    await form.getByLabel('Image').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1) });
    await visible(form.getByText(/at most 1 MB can be uploaded/));
    await form.getByRole('button', { name: 'Upload Image' }).click();
    await visible(form.getByText(/at most 1 MB can be uploaded/));
    expect(uploads).toEqual([]);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mechanics-phone-upload-too-large-phone.png') });
  });

  test("'Car not found', /teams and /settings have no car header; 'Car not found' leads back to the Dashboard", async () => {
    await page.goto(`${session.server.url}/car/99999`);
    await visible(page.getByRole('heading', { name: 'Car not found' }));
    await expect(carHeader()).toHaveCount(0);
    await checkScreen('car-not-found', 'phone');
    for (const url of ['/teams', '/settings']) {
      await page.goto(`${session.server.url}${url}`);
      await visible(page.getByRole('heading', { level: 1 }));
      await expect(carHeader(), url).toHaveCount(0);
    }
    await checkScreen('settings', 'phone');
    await page.goto(`${session.server.url}/car/99999`);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
  });

  test('a user of two teams sees the cars grouped by team with a team filter', async () => {
    const created = await page.request.post(`${session.server.url}/api/teams`, { data: { name: 'Second Team' } });
    expect(created.status()).toBe(201);
    const { id: teamId } = (await created.json()) as { id: number };
    const car = await page.request.post(`${session.server.url}/api/cars`, { data: { name: 'Blue Bird', makeModel: 'Subaru BRZ', year: 2024, carClass: 'Other', color: '#1d4ed8', teamId } });
    expect(car.status()).toBe(201);
    await page.goto(session.server.url);
    await visible(page.getByRole('heading', { name: 'Second Team' }));
    await visible(page.getByRole('region', { name: 'Second Team' }).getByRole('link', { name: 'Blue Bird', exact: true }));
    const filter = page.getByLabel('Team', { exact: true });
    expect(await filter.locator('option').allTextContents()).toEqual(['All teams', 'Apex Garage Racing', 'Second Team']);
    await checkScreen('dashboard-two-teams', 'phone');
    await filter.selectOption({ label: 'Second Team' });
    await hidden(page.getByRole('link', { name: MX5, exact: true }));
    await visible(page.getByRole('link', { name: 'Blue Bird', exact: true }));
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mechanics-phone-dashboard-team-filter-phone.png'), fullPage: true });
  });
});
