import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Lap times from a timing export in headless chromium on a 390×844 phone with touch: on the demo
 * season's Laguna Seca race event (3.602 km), add a session, pick a MyLaps Speedhive 'All Laps'
 * export with the labelled file input (as a phone's Files would hand it over), check the preview
 * (format named, laps with their kinds, a lap too fast for the track flagged), save, and see the
 * best lap, the best sectors and the theoretical best on the run sheet. Screenshots at 390×844 and
 * 1280×800 go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('lap-import', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;

/**
 * A Speedhive 'All Laps' export of one session at Laguna Seca: an out lap, four flying laps (one of
 * them a timing glitch of 34.120 s, 380 km/h over 3.602 km), an in lap (In Pit = Yes) and the out
 * lap after the stop; sectors S1–S3 add up to each lap time.
 */
const SPEEDHIVE = [
  'Lap,Lap Time,Time of Day,Diff vs Best Lap,Speed,In Pit,Status,S1,S2,S3',
  '1,1:58.204,09:01:58.204,+13.692,109.7,No,,40.101,39.003,39.100',
  '2,1:44.912,09:03:43.116,+0.400,123.6,No,,35.302,34.610,35.000',
  '3,1:44.512,09:05:27.628,,124.1,No,,35.120,34.702,34.690',
  '4,0:34.120,09:06:01.748,-1:10.392,380.0,No,,11.000,11.120,12.000',
  '5,1:44.731,09:07:46.479,+0.219,123.8,No,,35.001,34.830,34.900',
  '6,1:52.310,09:09:38.789,+7.798,115.5,Yes,,35.600,35.210,41.500',
  '7,2:41.050,09:12:19.839,+56.538,80.5,No,,1:20.050,40.000,41.000',
].join('\n');

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  page = await session.openPage(context);
});

test.describe('lap times from a timing export on a phone', () => {
  test('picks a Speedhive file, previews it (format, kinds, a flagged lap), saves it, and shows the best lap, best sectors and theoretical best', async () => {
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Spring Sprint Round 1/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await page.getByRole('button', { name: 'Add Session' }).tap();
    const form = page.getByRole('form', { name: 'Add Session' });
    await visible(form);
    await form.getByLabel('Session name').fill('FP3');
    await form.getByLabel('Start time').fill('2026-11-28T09:00');
    await form.getByRole('button', { name: 'Add Session' }).tap();
    await visible(page.getByRole('heading', { name: /^FP3/, level: 2 }));

    await page.getByRole('button', { name: 'Import Lap Times' }).tap();
    await page.getByLabel('Import file').setInputFiles({ name: 'speedhive-fp3-all-laps.csv', mimeType: 'text/csv', buffer: Buffer.from(SPEEDHIVE) });
    const preview = page.getByRole('region', { name: 'Preview of the imported lap times' });
    await visible(preview);
    expect(await preview.textContent()).toContain("Read as: MyLaps Speedhive 'All Laps' CSV");
    const laps = preview.getByRole('list', { name: 'Laps read' }).getByRole('listitem');
    await expect(laps).toHaveCount(7);
    expect(await preview.getByLabel('Imported lap 6 kind').inputValue()).toBe('in');
    expect(await preview.getByLabel('Imported lap 7 kind').inputValue()).toBe('out');
    // The glitch lap is flagged and comes as Invalid: it does not count unless the user says so.
    expect(await laps.nth(3).textContent()).toMatch(/Flagged: 0:34\.120 over 3\.602 km is an average of 380 km\/h/);
    expect(await preview.getByLabel('Imported lap 4 kind').inputValue()).toBe('invalid');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const target of [page.getByLabel('Import file'), preview.getByLabel('Imported lap 1 kind'), preview.getByRole('button', { name: 'Use These Laps' })]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await mkdir(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: `${RESULTS_DIR}/lap-import-preview-phone.png`, fullPage: true });

    // The first lap left the pits: the user makes it the out lap before saving.
    await preview.getByLabel('Imported lap 1 kind').selectOption('out');
    await preview.getByRole('button', { name: 'Use These Laps' }).tap();
    expect(await page.getByLabel('Lap 7 time').inputValue()).toBe('2:41.050');
    await page.getByRole('button', { name: 'Save Lap Times' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Lap times saved' }));

    const stats = page.locator('dl').filter({ hasText: 'Average of' });
    await expect.poll(() => stats.textContent()).toContain('Theoretical best');
    const text = (await stats.textContent())!;
    expect(text).toContain('1:44.512');
    // Best sectors of the timed laps 2, 3, 5: 35.001 + 34.610 + 34.690 = 1:44.301, 0.211 s under the best lap.
    expect(text).toContain('S1 35.001 · S2 34.610 · S3 34.690');
    expect(text).toContain('1:44.301');
    expect(text).toContain('Best lap +0.211 s');
    await visible(page.getByRole('img', { name: /best sectors: S1 on lap 5, S2 on lap 2, S3 on lap 3/ }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/lap-import-saved-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${RESULTS_DIR}/lap-import-saved-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
  });

  test("saves the Le Mans 2024 race of car #50 from Al Kamel's file with its stints: a stint per driver spell between the 26 stops, each with the sheet's pit time, a driver the team knows by another name chosen in the preview", async () => {
    // The three drivers of the #50 Ferrari as members of the team (as the crew would add them); the crew knows Nicklas Nielsen as 'Nick'.
    const teamId = ((await (await context.request.get('/api/teams')).json()) as { id: number }[])[0]!.id;
    for (const [firstName, lastName, username] of [['Antonio', 'Fuoco', 'fuoco'], ['Miguel', 'Molina', 'molina'], ['Nick', 'Nielsen', 'nielsen']] as const) {
      const added = await context.request.post(`/api/teams/${teamId}/members`, { data: { username, password: 'tifosi-2024', firstName, lastName, role: 'driver', memberColor: '#dc2626' }, headers: { Origin: session.server.url } });
      expect(added.status(), await added.text()).toBe(201);
    }
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Spring Sprint Round 1/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await page.getByRole('button', { name: 'Add Session' }).tap();
    const form = page.getByRole('form', { name: 'Add Session' });
    await form.getByLabel('Session name').fill('Le Mans 24h');
    await form.getByLabel('Type', { exact: true }).selectOption('race');
    await form.getByLabel('Start time').fill('2026-11-28T16:00');
    await form.getByRole('button', { name: 'Add Session' }).tap();
    await visible(page.getByRole('heading', { name: /^Le Mans 24h/, level: 2 }));

    // The real file as published by Al Kamel Systems (cars 50 and 20; origin in services/contracts/test/lap-exports/README.md).
    const sheet = await readFile(path.join(REPO_ROOT, 'services/contracts/test/lap-exports/wec-2024-le-mans-24h-cars-50-20.csv'));
    await page.getByRole('button', { name: 'Import Lap Times' }).tap();
    await page.getByLabel('Import file').setInputFiles({ name: '23_Analysis_Race_Hour 24.csv', mimeType: 'text/csv', buffer: sheet });
    const preview = page.getByRole('region', { name: 'Preview of the imported lap times' });
    await preview.getByLabel('Our car number').selectOption('50');
    await expect.poll(() => preview.getByRole('list', { name: 'Laps read' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(311);
    const unmatched = preview.getByRole('group', { name: 'Drivers without a team member' });
    await unmatched.getByLabel("Driver 'Nicklas NIELSEN'").selectOption({ label: 'Nick Nielsen' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await unmatched.screenshot({ path: `${RESULTS_DIR}/lap-import-unmatched-driver-phone.png` });
    await preview.getByRole('button', { name: 'Use These Laps' }).tap();
    await page.getByRole('button', { name: 'Save Lap Times' }).tap();
    // 311 laps and 26 stops in the file (counted with awk: the rows of car 50 with a PIT_TIME): 27 stints.
    await visible(page.getByRole('status').filter({ hasText: 'Lap times saved, with 27 stints from the timing file' }));
    const stops = page.getByRole('region', { name: 'Pit Stops & Driver Time' });
    // The first stop: lap 13, Nicklas Nielsen went on after 1:17.492 in the pits.
    await visible(stops.getByText('Nick Nielsen: laps 13–23 · fuel not recorded · stop 77.5 s', { exact: true }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/lap-import-le-mans-stints-phone.png`, fullPage: false });
  });
});
