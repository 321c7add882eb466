import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * 'What changed, what it did' in headless chromium on a 390×844 phone with touch: on a race event
 * of the demo season's MX-5 #27, FP1 runs, the front camber goes from -3.5° to -3.8°, FP2 runs
 * 0.4 s quicker on tight laps (hand-computed: noise 2 × 0.1 s / √3 = 0.115 s), and the Sessions
 * tab's card reads the change, the delta with its arrow, the verdict 'Faster' and why. The runs are
 * written through the API (the run sheets' own browser test types laps); the card is read on screen.
 */

const PHONE = { width: 390, height: 844 };
const session = useBrowserSession('change-effects', { start: 'server', remotes: ['mfe-events'] });

let context: BrowserContext;
let page: Page;
let carId: number;
let raceEventId: number;

test.beforeAll(async () => {
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  page = await session.openPage(context);
  const headers = { Origin: session.server.url };
  const post = async <T>(url: string, data: unknown) => (await (await context.request.post(url, { data, headers })).json()) as T;
  const put = async (url: string, data: unknown) => expect((await context.request.put(url, { data, headers })).status()).toBe(200);
  raceEventId = (await post<{ id: number }>(`/api/cars/${carId}/events`, { name: 'Autumn Test', location: 'Circuit de Spa-Francorchamps', date: '2026-11-28' })).id;
  const sessions = `/api/cars/${carId}/events/${raceEventId}/sessions`;
  await put(`/api/cars/${carId}/suspension?eventId=${raceEventId}`, { frontCamber: '-3.5°' });
  const fp1 = await post<{ id: number }>(sessions, { name: 'FP1', type: 'practice', startedAt: '2026-11-28T09:00:00Z', trackTempC: 24 });
  await put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '2:31.000', kind: 'out' }, ...['2:20.000', '2:20.100', '2:20.200'].map((time) => ({ time, kind: 'timed' }))] });
  await put(`/api/cars/${carId}/suspension?eventId=${raceEventId}`, { frontCamber: '-3.8°' });
  const fp2 = await post<{ id: number }>(sessions, { name: 'FP2', type: 'practice', startedAt: '2026-11-28T13:00:00Z', trackTempC: 27 });
  await put(`${sessions}/${fp2.id}/laps`, { laps: [{ time: '2:31.000', kind: 'out' }, ...['2:19.600', '2:19.700', '2:19.800'].map((time) => ({ time, kind: 'timed' }))] });
});

test.describe("'What changed, what it did' on a phone", () => {
  test('reads the change, the delta, the verdict and why after two runs', async () => {
    await page.goto(`/car/${carId}/events`);
    await page.getByRole('button', { name: /Autumn Test/ }).tap();
    await page.getByRole('tab', { name: 'Sessions' }).tap();
    const card = page.getByRole('region', { name: 'What changed, what it did' });
    await visible(card);
    const pair = card.getByRole('listitem', { name: 'FP1 → FP2' });
    await visible(pair);
    expect(await pair.getByRole('heading').textContent()).toBe('FP1 → FP2: Faster');
    expect(await pair.getByRole('list', { name: 'Setup changes' }).textContent()).toBe('Front camber -3.5° → -3.8°');
    expect(await pair.getByLabel('Best three: 0.400 s quicker').textContent()).toBe('▼ 0.400 s');
    await visible(pair.getByText('The average of the best three is 0.400 s quicker; a repeat of the same run would differ by up to 0.115 s.'));
    await visible(card.getByRole('img', { name: 'Best three laps per session: FP1 2:20.100, FP2 2:19.700; setup changed before FP2' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await mkdir(RESULTS_DIR, { recursive: true });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${RESULTS_DIR}/change-effects-phone.png`, fullPage: true });
  });
});
