import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { requestJson } from './support/request.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * A race run from the pit wall's phone (390×844, touch, a fresh browser context), the Toyota #7 of
 * the FIA WEC 2025 6 Hours of Spa as the crew would have lived it: the race started four hours ago
 * with Mike Conway on Set 1 and 100 L; the crew logs three stops as they happen on the 'Pit stop'
 * sheet (in on lap 35: same driver, 60 L, Set 2; lap 64: Kamui Kobayashi, 70 L, Set 3; lap 95: Nyck
 * de Vries, 72 L, Set 4 — no stop time: the timing file fills it), sees the Race now panel follow
 * the running stint, then imports Al Kamel's 'Analysis' file after the flag: the 150 laps fill in,
 * the logged stops stay and their stop times come from the file. Then each tire set's laps and the
 * fuel per lap equal a hand calculation.
 */

const PHONE = { width: 390, height: 844 };
const session = useBrowserSession('race-day', { start: 'server', remotes: ['mfe-events', 'mfe-cars'] });

let context: BrowserContext;
let page: Page;
let sessionPath: string;
let teamId: number;

/** A request of the signed-in context (see requestJson). */
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => requestJson<T>(context, session.server.url, method, url, data);

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url });
  const owner = await api<{ teams: { teamId: number }[] }>('POST', '/api/auth/setup-team', { teamName: 'Toyota Gazoo Racing', ownerName: 'Dana Whitfield', email: 'dana@tgr.example', username: 'dana', password: 'paddock-2026' });
  teamId = owner.teams[0]!.teamId;
  const driver = (username: string, firstName: string, lastName: string) => api<{ id: number }>('POST', `/api/teams/${teamId}/members`, { username, password: 'pit-lane-2026', firstName, lastName, role: 'driver', memberColor: '#dc2626' });
  const conway = await driver('conway', 'Mike', 'Conway');
  const kobayashi = await driver('kobayashi', 'Kamui', 'Kobayashi');
  const deVries = await driver('devries', 'Nyck', 'de Vries');
  const carId = (await api<{ id: number }>('POST', '/api/cars', { name: 'GR010 #7', makeModel: 'Toyota GR010 Hybrid', year: 2025, color: '#dc2626', carClass: 'Other' })).id;
  const sets = [];
  for (const name of ['Set 1', 'Set 2', 'Set 3', 'Set 4']) sets.push(await api<{ id: number }>('POST', `/api/teams/${teamId}/tire-sets`, { name, carId }));
  const raceEventId = (await api<{ id: number }>('POST', `/api/cars/${carId}/events`, { name: '6 Hours of Spa', location: 'Spa-Francorchamps', date: '2025-05-10' })).id;
  await api('PUT', `/api/cars/${carId}/events/${raceEventId}/race-plan`, {
    raceMinutes: 360, lapTimeMs: 142_000, fuelPerLapLitres: 3.1, tankLitres: 100, marginPercent: 5, minStopMs: 90_000, stintSplit: 'full-tanks',
    driverMemberIds: [conway.id, kobayashi.id, deVries.id], rules: {},
  });
  const race = await api<{ id: number }>('POST', `/api/cars/${carId}/events/${raceEventId}/sessions`, {
    name: 'Race', type: 'race', startedAt: new Date(Date.now() - 240 * 60_000).toISOString(), driverMemberId: conway.id, fuelLitres: 100, tireSetId: sets[0]!.id,
  });
  sessionPath = `/car/${carId}/events/${raceEventId}/sessions/${race.id}`;
  page = await session.openPage(context);
});

/** Logs one stop on the 'Pit stop' sheet: in lap, driver out (one tap), litres, tires fitted, Save. */
async function pitStop(inLap: string, driverOut: string, litres: string, tires: string) {
  await page.getByRole('button', { name: 'Pit stop', exact: true }).tap();
  const sheet = page.getByRole('dialog', { name: 'Pit stop' });
  await sheet.getByLabel('In lap').fill(inLap);
  await sheet.getByRole('group', { name: 'Driver out' }).getByRole('radio', { name: driverOut }).tap();
  await sheet.getByLabel('Fuel added (L)').fill(litres);
  const picker = sheet.getByLabel('Tires fitted');
  await picker.selectOption((await picker.locator('option', { hasText: new RegExp(`^${tires} \\(`) }).getAttribute('value'))!);
  await sheet.getByRole('button', { name: 'Save' }).tap();
  await visible(page.getByRole('status').filter({ hasText: `Pit stop saved: in on lap ${inLap}` }));
}

test.describe('a race run from the pit wall’s phone', () => {
  test('logs three stops as they happen, follows the running stint, then takes the laps from the timing file keeping the logged stops', async () => {
    await page.goto(sessionPath);
    await visible(page.getByRole('heading', { name: /^Race/, level: 2 }));
    const panel = page.getByRole('region', { name: 'Race now' });
    await visible(panel.getByText('Mike Conway · from lap 1'));

    await pitStop('35', 'Same driver stays in', '60', 'Set 2');
    await pitStop('64', 'Kamui Kobayashi', '70', 'Set 3');
    await pitStop('95', 'Nyck de Vries', '72', 'Set 4');
    const stops = page.getByRole('list', { name: 'Pit stops' }).getByRole('listitem').locator(':scope > span:first-child');
    expect(await stops.allTextContents()).toEqual([
      'In on lap 35 · same driver · 60 L · time not recorded · Tires: Set 2', 'In on lap 64 · Kamui Kobayashi out · 70 L · time not recorded · Tires: Set 3',
      'In on lap 95 · Nyck de Vries out · 72 L · time not recorded · Tires: Set 4',
    ]);

    // Four hours in at 2:22.0 a lap (no stop time logged yet): lap 101 done; de Vries's stint since lap 96, its clock running.
    await visible(panel.getByText('Nyck de Vries · from lap 96'));
    const stintClock = panel.getByText('Stint', { exact: true }).locator('xpath=following-sibling::dd[1]');
    const before = await stintClock.textContent();
    await expect.poll(() => stintClock.textContent(), { timeout: 5_000 }).not.toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'the race run sheet at 390×844').toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/race-day-live-phone.png` });

    // After the flag: Al Kamel's 'Analysis' file of the race, car 7 (origin in services/contracts/test/lap-exports/README.md).
    const sheet = await readFile(path.join(REPO_ROOT, 'services/contracts/test/lap-exports/wec-2025-spa-6h-cars-7-007.csv'));
    await page.getByRole('button', { name: 'Import Lap Times' }).tap();
    await page.getByLabel('Import file').setInputFiles({ name: '23_Analysis_Race_Hour 6.csv', mimeType: 'text/csv', buffer: sheet });
    const preview = page.getByRole('region', { name: 'Preview of the imported lap times' });
    await preview.getByLabel('Our car number').selectOption('7');
    await expect.poll(() => preview.getByRole('list', { name: 'Laps read' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(150);
    const note = page.getByRole('note', { name: 'Logged pit stops' });
    await visible(note.getByText('The 3 logged pit stops stay; the file fills 3 missing stop times.'));
    await note.screenshot({ path: `${RESULTS_DIR}/race-day-import-note-phone.png` });
    await preview.getByRole('button', { name: 'Use These Laps' }).tap();
    await page.getByRole('button', { name: 'Save Lap Times' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Lap times saved; the logged pit stops kept, 3 stop times filled from the timing file' }));

    // The logged stops stay, their stop times from the file (the out laps' PIT_TIME: 1:12.204, 1:13.475, 0:54.150, shown to a tenth).
    await expect.poll(() => stops.allTextContents(), { timeout: 15_000 }).toEqual([
      'In on lap 35 · same driver · 60 L · 72.2 s · Tires: Set 2', 'In on lap 64 · Kamui Kobayashi out · 70 L · 73.5 s · Tires: Set 3', 'In on lap 95 · Nyck de Vries out · 72 L · 54.1 s · Tires: Set 4',
    ]);

    // Fuel per lap as run, by hand: (100 at the start + 60 + 70 + 72 added − 12 left) ÷ 150 laps = 290 ÷ 150 = 1.933 L/lap (to the mL).
    await page.getByLabel('Fuel at end (L)').fill('12');
    await page.getByRole('button', { name: 'Save Fuel at End' }).tap();
    await visible(page.getByText('Fuel per lap as run: 1.933 L/lap over 150 laps'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${RESULTS_DIR}/race-day-after-import-phone.png`, fullPage: true });

    // Each set counts the laps of the stints it was fitted for, by hand: Set 1 laps 1–35 (35), Set 2
    // 36–64 (29), Set 3 65–95 (31), Set 4 96–150 (55); one heat cycle each.
    const sets = await api<{ name: string; laps: number; heatCycles: number }[]>('GET', `/api/teams/${teamId}/tire-sets`);
    expect(sets.map((s) => [s.name, s.laps, s.heatCycles])).toEqual([['Set 1', 35, 1], ['Set 2', 29, 1], ['Set 3', 31, 1], ['Set 4', 55, 1]]);
    await page.goto('/tires');
    const set4 = page.getByRole('listitem', { name: 'Set 4' });
    await visible(set4.getByText('Laps', { exact: true }));
    expect(await set4.getByText('Laps', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()).toBe('55');
  });
});
