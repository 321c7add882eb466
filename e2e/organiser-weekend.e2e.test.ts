import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { importSeason } from '../services/server/src/seed/import-season.ts';
import { loadSeasonFile } from '../services/server/src/seed/season-file.ts';
import { RESULTS_DIR, screenshotAtViewports, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { requestJson } from './support/request.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The organiser's weekend in headless chromium: on the demo season, the series organiser (desktop)
 * adds a two-day round and publishes its timetable on the round page; the team's mechanic, on a
 * 390×844 phone opening Pitwall for the first time (a new browser context), finds the round as a race
 * event of MX-5 #27 with FP1 waiting as a run sheet at its time. The organiser then moves FP1 and the
 * mechanic's open screen shows what changed without a reload. Screens are screenshotted at 1280×800
 * and 390×844 and hold no serious axe-core violation and no sideways scroll on the phone.
 */

const session = useBrowserSession('organiser-weekend', { start: 'server', remotes: ['mfe-teams', 'mfe-events'] });
const ROUND = 'Round 4 — Laguna two-day';
let organiser: Page;
let mechanic: Page;
let mechanicContext: BrowserContext;
let carId: number;

/** A context signed in through the API with the browser's Origin, as the sign-in page does. */
async function signedIn(viewport: { width: number; height: number }, credentials: Record<string, string>, phone = false): Promise<BrowserContext> {
  const context = await session.browser.newContext({ viewport, baseURL: session.server.url, ...(phone ? { hasTouch: true, isMobile: true } : {}) });
  await requestJson(context, session.server.url, 'POST', '/api/auth/login', credentials);
  return context;
}

async function noSidewaysScroll(page: Page, name: string) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

test.beforeAll(async () => {
  await importSeason(await loadSeasonFile(path.join(REPO_ROOT, 'data/demo-season.json')), { baseUrl: session.server.url });
  organiser = await session.openPage(await signedIn(VIEWPORTS.desktop, { username: 'clerk', password: 'scrutineer-2026', loginType: 'admin' }), { label: 'organiser' });
  mechanicContext = await signedIn(VIEWPORTS.phone, { username: 'marco', password: 'torque-108nm', loginType: 'member' }, true);
  const cars = await requestJson<{ id: number; name: string }[]>(mechanicContext, session.server.url, 'GET', '/api/cars');
  carId = cars.find((c) => c.name === 'MX-5 #27')!.id;
});

test.describe("the organiser's weekend", () => {
  test('the organiser adds a two-day round and publishes its timetable', async () => {
    await organiser.goto('/series');
    await organiser.getByRole('link', { name: 'Pacific Club Sprint Cup' }).first().click();
    const addRound = organiser.getByRole('form', { name: 'Add Round' });
    await addRound.getByLabel('Round Name').fill(ROUND);
    await addRound.getByLabel('Location').fill('Laguna Seca');
    await addRound.getByLabel('Date', { exact: true }).fill('2026-12-05');
    await addRound.getByLabel('Last Day (optional)').fill('2026-12-06');
    await addRound.getByRole('button', { name: 'Add Round' }).click();
    await organiser.getByRole('link', { name: `Results and Scrutineering: ${ROUND}` }).click();

    await organiser.getByRole('button', { name: 'Edit Timetable' }).click();
    const form = organiser.getByRole('form', { name: 'Timetable' });
    await form.getByLabel('UTC offset').fill('-08:00');
    const rows = [
      { name: 'FP1', type: 'Practice', day: '2026-12-05', time: '10:00', minutes: '60' },
      { name: 'Qualifying', type: 'Qualifying', day: '2026-12-05', time: '15:00', minutes: '20' },
      { name: 'Race', type: 'Race', day: '2026-12-06', time: '13:30', minutes: '45' },
    ];
    for (const [i, row] of rows.entries()) {
      const group = form.getByRole('group', { name: `Session ${i + 1}` });
      if ((await group.count()) === 0) await form.getByRole('button', { name: 'Add session' }).click();
      await group.getByLabel('Session name').fill(row.name);
      await group.getByLabel('Type').selectOption({ label: row.type });
      await group.getByLabel('Day').selectOption(row.day);
      await group.getByLabel('Start time').fill(row.time);
      await group.getByLabel('Duration (min)').fill(row.minutes);
    }
    await form.getByRole('button', { name: 'Publish Timetable' }).click();
    await visible(organiser.getByText('Timetable published'));
    await visible(organiser.getByRole('list', { name: 'Sessions on Sat 5 Dec' }));
    await visible(organiser.getByRole('list', { name: 'Sessions on Sun 6 Dec' }));
    await screenshotAtViewports(organiser, 'organiser-weekend-round');
    expect(await seriousViolations(organiser)).toEqual([]);
  });

  test("the team's mechanic, on a phone's first visit, finds FP1 waiting in the round's race event", async () => {
    mechanic = await session.openPage(mechanicContext, { label: 'mechanic' });
    await mechanic.goto(`/car/${carId}/events`);
    await mechanic.getByRole('button', { name: new RegExp(ROUND) }).tap();
    const round = mechanic.getByRole('region', { name: 'Timetable' });
    await visible(round);
    expect(await round.textContent()).toContain('10:00 FP1 · Practice · 60 min');
    expect(await round.textContent()).toContain('13:30 Race · Race · 45 min');
    await visible(mechanic.getByText('December 5, 2026 – December 6, 2026').first());
    await noSidewaysScroll(mechanic, 'round overview');
    await mechanic.screenshot({ path: path.join(RESULTS_DIR, 'organiser-weekend-mechanic-overview-phone.png'), fullPage: true });
    expect(await seriousViolations(mechanic)).toEqual([]);

    await mechanic.getByRole('tab', { name: 'Sessions' }).tap();
    await visible(mechanic.getByRole('button', { name: 'Open FP1' }));
    await visible(mechanic.getByRole('button', { name: 'Open Race' }));
    await noSidewaysScroll(mechanic, 'sessions');
    await mechanic.screenshot({ path: path.join(RESULTS_DIR, 'organiser-weekend-mechanic-sessions-phone.png'), fullPage: true });
  });

  test("a later move of FP1 reaches the mechanic's open screen, saying what changed", async () => {
    await mechanic.getByRole('tab', { name: 'Overview' }).tap();
    await visible(mechanic.getByRole('region', { name: 'Timetable' }));

    await organiser.getByRole('button', { name: 'Edit Timetable' }).click();
    const fp1 = organiser.getByRole('form', { name: 'Timetable' }).getByRole('group', { name: 'Session 1' });
    expect(await fp1.getByLabel('Session name').inputValue()).toBe('FP1');
    await fp1.getByLabel('Start time').fill('11:00');
    await organiser.getByRole('button', { name: 'Publish Timetable' }).click();
    await visible(organiser.getByRole('region', { name: 'What changed' }).getByText('FP1 moved from Sat 10:00 to Sat 11:00'));

    // Live: the mechanic's run sheets move, and the round's card with them; no reload.
    const changed = mechanic.getByRole('region', { name: 'What changed' });
    await visible(changed);
    expect(await changed.textContent()).toContain('FP1 moved from Sat, Dec 5 10:00 to Sat, Dec 5 11:00');
    expect(await mechanic.getByRole('region', { name: 'Timetable' }).textContent()).toContain('11:00 FP1');
    await mechanic.screenshot({ path: path.join(RESULTS_DIR, 'organiser-weekend-mechanic-changed-phone.png'), fullPage: true });
  });
});
