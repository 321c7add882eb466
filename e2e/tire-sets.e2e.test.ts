import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations, visible } from './support/browser.ts';
import { newTeamOnPhone, type TeamApi } from './support/new-team.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Tire sets on a 390×844 phone with touch: a new team adds 'Set 5' (8.0 mm new, 1.5 mm minimum)
 * to its car on the car's Tires tab, runs two sessions on it at a 3.2 km track — the first picked
 * on Add Session, the second in the session's details — and sees 2 heat cycles and the laps on the
 * set; then records a tread measurement on the set's page and sees the wear. The Tires list and the
 * set's page have no serious or critical axe violations on the phone and on a desktop. Screenshots
 * (phone and desktop) go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('tire-sets', { start: 'server', remotes: ['mfe-cars', 'mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;
let raceEventId: number;
let api: TeamApi;

/** The laps of a session: an out lap, 10 timed laps of 1:40 and an in lap (12 laps, 38.4 km at 3.2 km). */
const putLaps = (sessionId: number) =>
  api('PUT', `/api/cars/${carId}/events/${raceEventId}/sessions/${sessionId}/laps`, {
    laps: [{ time: '2:05.000', kind: 'out' }, ...Array.from({ length: 10 }, () => ({ time: '1:40.000', kind: 'timed' })), { time: '2:02.000', kind: 'in' }],
  });

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  ({ context, page, carId, raceEventId, api } = await newTeamOnPhone(session));
});

test.describe('tire sets on a phone', () => {
  test('adds a set, runs two sessions on it (2 heat cycles, 24 laps), records a tread measurement and sees the wear', async () => {
    await page.goto(`/car/${carId}`);
    await page.getByRole('tab', { name: 'Tires' }).tap();
    await page.getByRole('button', { name: 'Add Tire Set' }).tap();
    const form = page.getByRole('form', { name: 'Add Tire Set' });
    await visible(form);
    await form.getByLabel('Set name').fill('Set 5');
    await form.getByLabel('Manufacturer').fill('Hoosier');
    await form.getByLabel('Compound').fill('R7');
    await form.getByLabel('Tread when new (mm)').fill('8.0');
    await form.getByLabel('Minimum tread (mm)').fill('1.5');
    expect(await form.getByLabel('Tread when new (mm)').getAttribute('inputmode')).toBe('decimal');
    await form.getByRole('button', { name: 'Add Tire Set' }).tap();
    const card = page.getByRole('listitem', { name: 'Set 5' });
    await visible(card.getByText('New', { exact: true }));

    // The first session picks the set on Add Session.
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Spring Sprint/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    await page.getByRole('button', { name: 'Add Session' }).tap();
    const add = page.getByRole('form', { name: 'Add Session' });
    await visible(add);
    await add.getByLabel('Session name').fill('FP1');
    await add.getByLabel('Start time').fill('2026-11-28T09:00');
    await add.getByLabel('Set from Tires').selectOption({ label: 'Set 5 (on this car, 0 heat cycles)' });
    await add.getByRole('button', { name: 'Add Session' }).tap();
    await visible(page.getByRole('heading', { name: /^FP1/, level: 2 }));
    const sessions = await api<{ id: number; name: string; tireSetId: number | null }[]>('GET', `/api/cars/${carId}/events/${raceEventId}/sessions`);
    const fp1 = sessions.find((s) => s.name === 'FP1')!;
    expect(fp1.tireSetId).not.toBeNull();
    await putLaps(fp1.id);

    // The second session is added without it; the set is picked in its details.
    const fp2 = await api<{ id: number }>('POST', `/api/cars/${carId}/events/${raceEventId}/sessions`, { name: 'FP2', type: 'practice', startedAt: '2026-11-28T13:00:00Z' });
    await putLaps(fp2.id);
    await page.goto(`/car/${carId}/events/${raceEventId}/sessions/${fp2.id}`);
    await visible(page.getByRole('heading', { name: /^FP2/, level: 2 }));
    await page.getByLabel('Set from Tires').selectOption({ label: 'Set 5 (on this car, 1 heat cycle)' });
    await visible(page.getByRole('status').filter({ hasText: 'Tire set saved' }));
    await page.getByRole('button', { name: '← All Sessions' }).tap();
    await visible(page.getByRole('button', { name: 'Open FP2' }).getByText('Tires: Set 5'));
    // The run sheet changes load once their card is scrolled to, below the cards on a phone.
    const runSheetChanges = page.getByRole('region', { name: 'Run sheet changes' });
    await runSheetChanges.scrollIntoViewIfNeeded();
    await visible(runSheetChanges.getByText(/^FP2/).first());
    await page.screenshot({ path: `${RESULTS_DIR}/tire-sets-session-cards-phone.png`, fullPage: true });

    // The set: 2 heat cycles, 24 laps, 76.8 km; scrubbed since its first session.
    await page.goto(`/car/${carId}?tab=tires`);
    await visible(card.getByText('Scrubbed', { exact: true }));
    expect(await card.textContent()).toContain('Heat cycles2');
    expect(await card.textContent()).toContain('Laps24');
    expect(await card.textContent()).toContain('76.8 km');

    await card.getByRole('link', { name: 'Set 5' }).tap();
    const tread = page.getByRole('form', { name: 'Record tread depth' });
    await visible(tread);
    // Measured after both sessions (they are dated on the race event's day).
    await tread.getByLabel('Measured at').fill('2026-11-28T18:00');
    const frontLeft = tread.getByRole('group', { name: 'Front left' });
    await frontLeft.getByLabel('Outer (mm)').fill('6.2');
    await frontLeft.getByLabel('Centre (mm)').fill('5.9');
    await frontLeft.getByLabel('Inner (mm)').fill('6.4');
    for (const corner of ['Front right', 'Rear left', 'Rear right']) await tread.getByRole('group', { name: corner }).getByLabel('Centre (mm)').fill('7.0');
    expect(await frontLeft.getByLabel('Outer (mm)').getAttribute('inputmode')).toBe('decimal');
    await tread.getByRole('button', { name: 'Record Tread Depth' }).tap();
    await visible(page.getByRole('status').filter({ hasText: 'Tread depth recorded' }));
    // 32.3 % after 24 laps: 1.35 % a lap, ⌊67.7 ÷ 1.346⌋ = 50 laps left.
    await visible(page.getByRole('img', { name: 'Front left: 32.3 % worn' }));
    await visible(page.getByText(/1\.35 % per lap · 50 laps left/));
    expect(await page.getByRole('meter', { name: 'Set 5 tread wear' }).getAttribute('aria-valuetext')).toBe('32.3 % worn');
    const setSessions = page.getByRole('region', { name: 'Sessions' });
    await expect(setSessions.getByText(/best 1:40\.000/)).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'set page at 390×844').toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/tire-sets-set-phone.png`, fullPage: true });
    const setPath = new URL(page.url()).pathname + new URL(page.url()).search;

    await page.goto('/tires');
    await visible(page.getByRole('listitem', { name: 'Set 5' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'Tires at 390×844').toEqual([]);
    await page.screenshot({ path: `${RESULTS_DIR}/tire-sets-list-phone.png`, fullPage: true });

    const desktop = await session.openPage(await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url, storageState: await context.storageState() }), { label: 'desktop' });
    await desktop.goto('/tires');
    await visible(desktop.getByRole('listitem', { name: 'Set 5' }));
    expect(await seriousViolations(desktop), 'Tires at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/tire-sets-list-desktop.png`, fullPage: true });
    await desktop.goto(setPath);
    await visible(desktop.getByRole('img', { name: 'Front left: 32.3 % worn' }));
    expect(await seriousViolations(desktop), 'set page at 1280×800').toEqual([]);
    await desktop.screenshot({ path: `${RESULTS_DIR}/tire-sets-set-desktop.png`, fullPage: true });
  });
});
