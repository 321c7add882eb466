import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, visible } from './support/browser.ts';
import { requestJson } from './support/request.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Endurance racing on a 390×844 phone with touch: a team with two drivers runs a 40-lap race
 * (laps of 2:00) under a race plan allowing 45 minutes a driver. On the pit wall the crew logs two
 * pit stops with the race session's big 'Pit stop' button (Ben out after lap 14, Aiko out after lap
 * 28: In lap, Driver out, Fuel added, Stop time, Save) and sees each driver's time (Aiko 26 laps, 52 minutes; Ben 14 laps, 28 minutes) and the rule
 * warning that Aiko drives over the maximum; the Race Plan tab shows the plan's answers beside the
 * race as run; 'Race now' at the top of the run sheet shows the race running by the clock, its
 * '+1 lap' a thumb's size. No serious or critical axe violations on the phone and
 * on a desktop; screenshots of both go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
/** The race started this long ago (minutes), so 'Race now' shows it running: about lap 34 of 40 after the two stops. */
const RACE_MINUTES_AGO = 70;
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('endurance', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let sessionPath: string;

/** A request of the signed-in context (see requestJson). */
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => requestJson<T>(context, session.server.url, method, url, data);

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url });
  const owner = await api<{ teams: { teamId: number }[] }>('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' });
  const teamId = owner.teams[0]!.teamId;
  const driver = (username: string, firstName: string, lastName: string) => api<{ id: number }>('POST', `/api/teams/${teamId}/members`, { username, password: 'pit-lane-2026', firstName, lastName, role: 'driver', memberColor: '#16a34a' });
  const aiko = await driver('aiko', 'Aiko', 'Tanaka');
  await driver('bennett', 'Ben', 'Okafor');
  const carId = (await api<{ id: number }>('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, color: '#c8102e', carClass: 'Other' })).id;
  const raceEventId = (await api<{ id: number }>('POST', `/api/cars/${carId}/events`, { name: 'Sonoma 2 Hours', location: 'Sonoma Raceway', date: '2026-11-28' })).id;
  await api('PUT', `/api/cars/${carId}/events/${raceEventId}/race-plan`, { raceLaps: 40, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [aiko.id], rules: { maxDriverMinutes: 45 } });
  const race = await api<{ id: number }>('POST', `/api/cars/${carId}/events/${raceEventId}/sessions`, { name: 'Race', type: 'race', startedAt: new Date(Date.now() - RACE_MINUTES_AGO * 60_000).toISOString(), driverMemberId: aiko.id, fuelLitres: 60 });
  await api('PUT', `/api/cars/${carId}/events/${raceEventId}/sessions/${race.id}/laps`, { laps: Array.from({ length: 40 }, () => ({ time: '2:00.000', kind: 'timed' })) });
  page = await session.openPage(context);
  await page.goto(`/car/${carId}/events`);
  await page.getByRole('button', { name: /Sonoma 2 Hours/ }).tap();
  await page.getByRole('tab', { name: 'Sessions' }).tap();
  // The Sessions tab's path; the race's run sheet is one level below it.
  sessionPath = `${new URL(page.url()).pathname}/${race.id}`;
});

/** Logs one pit stop with the phone's 'Pit stop' sheet (`driverOut` goes out) and waits for it to be saved. */
async function pitStop(driverOut: string, lap: string, litres: string, seconds: string) {
  await page.getByRole('button', { name: 'Pit stop', exact: true }).tap();
  const sheet = page.getByRole('dialog', { name: 'Pit stop' });
  await sheet.getByLabel('In lap').fill(lap);
  await sheet.getByRole('group', { name: 'Driver out' }).getByRole('radio', { name: driverOut }).tap();
  await sheet.getByLabel('Fuel added (L)').fill(litres);
  await sheet.getByLabel('Stop time (s)').fill(seconds);
  await sheet.getByRole('button', { name: 'Save' }).tap();
  await visible(page.getByRole('status').filter({ hasText: `Pit stop saved: in on lap ${lap}` }));
}

test.describe('endurance racing on a phone', () => {
  test('logs two pit stops and sees each driver’s time and the rule warning', async () => {
    await page.goto(sessionPath);
    await visible(page.getByRole('heading', { name: /^Race/, level: 2 }));
    const open = (await page.getByRole('button', { name: 'Pit stop', exact: true }).boundingBox())!;
    expect(open.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Pit stop', exact: true }).tap();
    const sheet = page.getByRole('dialog', { name: 'Pit stop' });
    // Offered: the plan's 30 laps a stint.
    expect(await sheet.getByLabel('In lap').inputValue()).toBe('30');
    expect(await sheet.getByLabel('In lap').getAttribute('inputmode')).toBe('numeric');
    expect(await sheet.getByLabel('Fuel added (L)').getAttribute('inputmode')).toBe('decimal');
    for (const control of [sheet.getByLabel('In lap'), sheet.getByRole('group', { name: 'Driver out' }).getByRole('radio', { name: 'Same driver stays in' }).locator('..'), sheet.getByLabel('Tires fitted'), sheet.getByRole('button', { name: 'Save' })]) expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'the Pit stop sheet at 390×844').toEqual([]);
    await sheet.screenshot({ path: `${RESULTS_DIR}/endurance-pit-stop-sheet-phone.png` });
    await page.keyboard.press('Escape');

    await pitStop('Ben Okafor', '14', '40', '65.2');
    await pitStop('Aiko Tanaka', '28', '38,5', '62');

    const driverTime = page.getByRole('table', { name: 'Driver time' });
    await visible(driverTime.getByRole('row', { name: /Aiko Tanaka/ }).getByText('0:52:00 · 26 laps').first());
    await visible(driverTime.getByRole('row', { name: /Ben Okafor/ }).getByText('0:28:00 · 14 laps').first());
    await visible(page.getByRole('list', { name: 'Driving-time rules broken' }).getByText('Aiko Tanaka drives 52 min, over the maximum of 45 min'));
    // Fuel used: 60 at the start + 78.5 added − 18.5 left = 120 L over 40 laps.
    await page.getByLabel('Fuel at end (L)').fill('18.5');
    await page.getByRole('button', { name: 'Save Fuel at End' }).tap();
    await visible(page.getByText('Fuel per lap as run: 3 L/lap over 40 laps'));
    const stops = page.getByRole('list', { name: 'Pit stops' }).getByRole('listitem').locator(':scope > span:first-child');
    expect(await stops.allTextContents()).toEqual(['In on lap 14 · Ben Okafor out · 40 L · 65.2 s', 'In on lap 28 · Aiko Tanaka out · 38.5 L · 62.0 s']);

    // A logged stop corrected on the phone: the second stop took 61.5 s, not 62.
    await page.getByRole('button', { name: 'Edit pit stop in on lap 28' }).tap();
    const correction = page.getByRole('dialog', { name: 'Edit pit stop, in on lap 28' });
    await correction.getByLabel('Stop time (s)').fill('61,5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await correction.getByRole('button', { name: 'Save' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Pit stop saved: in on lap 28' }));
    await visible(stops.getByText('In on lap 28 · Aiko Tanaka out · 38.5 L · 61.5 s'));
    for (const button of await page.getByRole('list', { name: 'Pit stops' }).getByRole('button').all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('list', { name: 'Pit stops' }).screenshot({ path: `${RESULTS_DIR}/endurance-pit-stops-list-phone.png` });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'pit stops at 390×844').toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/endurance-session-phone.png`, fullPage: true });
    await page.getByRole('region', { name: 'Pit Stops & Driver Time' }).screenshot({ path: `${RESULTS_DIR}/endurance-pit-stops-phone.png` });

    // The race plan beside the race as run: 40 laps, 30 a stint (80 L ÷ 2.625 L), 1 stop, 105 L; full tanks: a first stint of 30 laps (78.75 L, 60 min).
    await page.goto(sessionPath.replace(/\/sessions\/\d+$/, '/race-plan'));
    const answers = page.getByRole('region', { name: 'The Plan' });
    await visible(answers.getByText('Laps per stint'));
    expect(await answers.getByRole('definition').allTextContents()).toEqual(['40', '30', '1', '105 L']);
    const planVsRun = answers.getByRole('table', { name: 'Plan and as run' });
    expect(await planVsRun.getByRole('row').nth(1).textContent()).toBe('1Aiko Tanaka · 30 laps · 78.75 L · 60 minAiko Tanaka · 14 laps · 0 L added · 28 min');
    await visible(answers.getByRole('list', { name: 'Rules broken as run' }).getByText('Aiko Tanaka drives 52 min, over the maximum of 45 min'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'race plan at 390×844').toEqual([]);
    await page.getByRole('region', { name: 'The Plan' }).screenshot({ path: `${RESULTS_DIR}/endurance-race-plan-phone.png` });
    const planPath = new URL(page.url()).pathname + new URL(page.url()).search;

    const desktop = await session.openPage(await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url, storageState: await context.storageState() }), { label: 'desktop' });
    await desktop.goto(sessionPath);
    await visible(desktop.getByRole('table', { name: 'Driver time' }));
    expect(await seriousViolations(desktop), 'pit stops at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/endurance-session-desktop.png`, fullPage: true });
    await desktop.getByRole('region', { name: 'Pit Stops & Driver Time' }).screenshot({ path: `${RESULTS_DIR}/endurance-pit-stops-desktop.png` });
    await desktop.goto(planPath);
    await visible(desktop.getByRole('table', { name: 'Plan and as run' }));
    expect(await seriousViolations(desktop), 'race plan at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/endurance-race-plan-desktop.png`, fullPage: true });
  });

  test('shows Race now at the top of the race’s run sheet: big figures, lap buttons of a thumb’s size, nothing sideways', async () => {
    await page.goto(sessionPath);
    const panel = page.getByRole('region', { name: 'Race now' });
    await visible(panel.getByText('Aiko Tanaka · from lap 29'));
    for (const name of ['−1 lap', '+1 lap']) expect((await panel.getByRole('button', { name }).boundingBox())!.height, name).toBeGreaterThanOrEqual(44);
    await panel.getByRole('button', { name: '+1 lap' }).tap();
    await visible(panel.getByText(/Lap count set by the pit wall/));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'race now at 390×844').toEqual([]);
    await panel.screenshot({ path: `${RESULTS_DIR}/endurance-race-now-phone.png` });
  });
});
