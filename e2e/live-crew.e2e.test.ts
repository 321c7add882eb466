import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { RESULTS_DIR, VIEWPORTS, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { useBrowserSession } from './support/session.ts';

/**
 * Live crew: what one crew member saves shows on every teammate's open screen without a reload.
 * Sam (a mechanic) on a phone, Ana (the engineer) on a laptop, both of the demo season's team.
 */

const session = useBrowserSession('live-crew', { start: 'server', remotes: ['mfe-events'] });
const ANA = { username: 'ana', password: 'setup-sheet-38', firstName: 'Ana', lastName: 'Moreau' };
const SAM = { username: 'sam', password: 'pitboard-42' };
let owner: BrowserContext;
let ana: Page;
let sam: Page;
let carId = 0;

const toast = (page: Page, text: string) => visible(page.getByRole('status').filter({ hasText: text }).first());

async function signedIn(credentials: { username: string; password: string }, viewport: { width: number; height: number }, mobile: boolean): Promise<Page> {
  const context = await session.browser.newContext({ viewport, baseURL: session.server.url, ...(mobile ? { hasTouch: true, isMobile: true } : {}) });
  const login = await context.request.post('/api/auth/login', { data: { username: credentials.username, password: credentials.password, loginType: 'member' }, headers: { Origin: session.server.url } });
  expect(login.status(), await login.text()).toBe(200);
  return session.openPage(context, { label: credentials.username });
}

/** Opens FP2 of Spring Sprint Round 1 on `page`; answers its Tire Pressures region. */
async function openFp2(page: Page): Promise<Locator> {
  await page.goto(`/car/${carId}/events`);
  await page.getByRole('button', { name: /Spring Sprint Round 1/ }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await page.getByRole('button', { name: 'Open FP2' }).click();
  const pressures = page.getByRole('region', { name: 'Tire Pressures', exact: true });
  await visible(pressures.getByLabel('Hot Front Left', { exact: true }));
  return pressures;
}

/** Opens the car's 'Edit Suspension & Alignment' form on `page`. */
async function openSuspensionForm(page: Page): Promise<Locator> {
  await page.goto(`/car/${carId}`);
  await page.getByRole('region', { name: 'Suspension & Alignment', exact: true }).getByRole('button', { name: 'Edit Suspension & Alignment' }).click();
  const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
  await visible(form.getByLabel('Front Camber', { exact: true }));
  return form;
}

/** The indicator of the live connection in the page's visible top bar or header. */
const liveIndicator = (page: Page) => page.getByRole('status', { name: /^Live updates:/ }).filter({ visible: true });

beforeAll(async () => {
  ({ context: owner, carId } = await demoSeasonOnPhone(session, VIEWPORTS.phone));
  const { teamId } = (await (await owner.request.get(`/api/cars/${carId}`)).json()) as { teamId: number };
  const added = await owner.request.post(`/api/teams/${teamId}/members`, { data: { ...ANA, role: 'mechanic', memberColor: '#0ea5e9' }, headers: { Origin: session.server.url } });
  expect(added.status(), await added.text()).toBe(201);
  ana = await signedIn(ANA, VIEWPORTS.desktop, false);
  sam = await signedIn(SAM, VIEWPORTS.phone, true);
}, 120_000);

describe('live crew', () => {
  it("the mechanic's hot pressures saved on the phone show on the engineer's open run sheet without a reload", async () => {
    const engineer = await openFp2(ana);
    const mechanic = await openFp2(sam);
    await expect.poll(() => liveIndicator(ana).getAttribute('aria-label')).toBe('Live updates: Live');
    await expect.poll(() => liveIndicator(sam).getAttribute('aria-label')).toBe('Live updates: Live');
    // The indicator fits the phone's top bar: no sideways scrolling at 390 px.
    expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await sam.evaluate(() => window.scrollTo(0, 0));
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-top-bar-phone.png') });

    await mechanic.getByLabel('Hot Front Left', { exact: true }).fill('34.6');
    await mechanic.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(sam, 'Tire pressures saved');

    await expect.poll(() => engineer.getByLabel('Hot Front Left', { exact: true }).inputValue(), { timeout: 5000 }).toBe('34.6');
    await ana.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-desktop.png') });
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-phone.png') });
  });

  it("the engineer's open suspension form keeps what she typed and shows the mechanic's change beside the field", async () => {
    const engineer = await openSuspensionForm(ana);
    const mechanic = await openSuspensionForm(sam);
    await engineer.getByLabel('Rear Toe', { exact: true }).fill('2.5mm (in)');

    await mechanic.getByLabel('Front Camber', { exact: true }).fill('-3.2°');
    await mechanic.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(sam, 'Suspension settings updated successfully');

    await visible(engineer.getByText(/^Sam\b.* set -3\.2° at \d{2}:\d{2}; was -?[\d.]+°$/), 5000);
    expect(await engineer.getByLabel('Rear Toe', { exact: true }).inputValue()).toBe('2.5mm (in)');
    await engineer.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-suspension-form-desktop.png') });

    await engineer.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ana, 'Suspension settings updated successfully');
    const saved = (await (await owner.request.get(`/api/cars/${carId}/suspension`)).json()) as Record<string, string | null>;
    expect(saved).toMatchObject({ frontCamber: '-3.2°', rearToe: '2.5mm (in)' });
  });

  it("after a reload with signal, the engineer's run sheet shows the hot pressures saved meanwhile, not the ones the device kept", async () => {
    await openFp2(ana);
    // The open run sheet is in the URL (?session=): reopening it shows the form at once, from what the device kept.
    const runSheet = ana.url();
    await ana.goto('about:blank');
    const mechanic = await openFp2(sam);
    await mechanic.getByLabel('Hot Front Left', { exact: true }).fill('35.2');
    await mechanic.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(sam, 'Tire pressures saved');

    await ana.goto(runSheet);
    const hot = ana.getByRole('region', { name: 'Tire Pressures', exact: true }).getByLabel('Hot Front Left', { exact: true });
    await visible(hot);
    await expect.poll(() => hot.inputValue(), { timeout: 5000 }).toBe('35.2');
  });

  it("the mechanic typing on the phone's run sheet keeps his value and sees the engineer's hot pressure beside the field", async () => {
    const mechanic = await openFp2(sam);
    const engineer = await openFp2(ana);
    await expect.poll(() => liveIndicator(sam).getAttribute('aria-label')).toBe('Live updates: Live');
    await mechanic.getByLabel('Hot Rear Right', { exact: true }).fill('33.4');

    await engineer.getByLabel('Hot Front Left', { exact: true }).fill('35.8');
    await engineer.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await toast(ana, 'Tire pressures saved');

    const note = mechanic.getByText(/^Ana\b.* set 35\.8 at \d{2}:\d{2}; was 35\.2$/);
    await visible(note, 5000);
    expect(await mechanic.getByLabel('Hot Rear Right', { exact: true }).inputValue()).toBe('33.4');
    expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await note.scrollIntoViewIfNeeded();
    await sam.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-note-phone.png') });
    await ana.screenshot({ path: path.join(RESULTS_DIR, 'live-crew-run-sheet-saved-desktop.png') });
  });
});
