import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';
import { persisted } from './support/query-cache.ts';

/**
 * Paddock mode from the FIRST visit, in chromium on a phone against the production build: a new
 * browser signs in with signal and loads Pitwall once (sign-in, then the car's page, in one
 * document: never reloaded online), loses the signal and reloads. The app shows with the user
 * still signed in (also reload after reload), the remotes that were never opened start, a tick made
 * offline waits in the write queue and reaches the server when the signal returns.
 */

const PHONE = { width: 390, height: 844 };
const OWNER = { teamName: 'Gravel Trap Motorsport', ownerName: 'Rosa Field', email: 'rosa@gravel-trap.example', username: 'rosa', password: 'first-visit-26' };
const CAR = { name: 'Civic #14', makeModel: 'Honda Civic Type R', year: 2023, carClass: 'Other' };
const ITEM = 'Check brake fluid level';
const session = useBrowserSession('paddock-first-visit', { start: 'server', remotes: ['mfe-events', 'mfe-teams'] });
let context: BrowserContext;
let page: Page;
let carId = 0;
let itemId = 0;

const checklist = () => page.getByRole('region', { name: 'Car Checklist', exact: true });
const couldNotLoad = () => page.getByText('This part of Pitwall could not be loaded.');

/** Sends `body` as JSON to the server with the owner's session `cookie`; answers the parsed answer. */
async function api<T>(method: string, path: string, cookie: string, body: unknown): Promise<T> {
  const answer = await fetch(`${session.server.url}${path}`, { method, headers: { 'content-type': 'application/json', cookie, origin: session.server.url }, body: JSON.stringify(body) });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return (await answer.json()) as T;
}

/** The car's checklist item as the server has it. */
async function serverItem(): Promise<{ isCompleted: boolean } | undefined> {
  const items = (await (await context.request.get(`/api/cars/${carId}/checklist`)).json()) as { id: number; isCompleted: boolean }[];
  return items.find((item) => item.id === itemId);
}

/** Opens Pitwall on `on` (a browser that never opened it) and signs in as the owner through the Admin Login tab: the Dashboard. */
async function signIn(on: Page): Promise<void> {
  await on.goto('/');
  await on.getByRole('tab', { name: 'Admin Login' }).click();
  await on.getByLabel('Username').fill(OWNER.username);
  await on.getByLabel('Password').fill(OWNER.password);
  await on.getByRole('button', { name: 'Sign In' }).click();
}

/** Reloads the page with no signal and waits until the car's page shows its checklist: the app, not the sign-in screen. */
async function reloadOffline(): Promise<void> {
  await page.reload();
  await visible(checklist().getByRole('checkbox', { name: ITEM }));
  await expect(page.getByRole('tab', { name: 'Admin Login' }), 'the sign-in screen').toHaveCount(0);
  await expect(couldNotLoad()).toHaveCount(0);
  await visible(page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d$/ }));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const setup = await fetch(`${session.server.url}/api/auth/setup-team`, { method: 'POST', headers: { 'content-type': 'application/json', origin: session.server.url }, body: JSON.stringify(OWNER) });
  expect(setup.status, await setup.clone().text()).toBe(201);
  const cookie = `pitwall_session=${/pitwall_session=([^;]*)/.exec(setup.headers.getSetCookie().join(';'))![1]!}`;
  carId = (await api<{ id: number }>('POST', '/api/cars', cookie, CAR)).id;
  itemId = (await api<{ id: number }>('POST', `/api/cars/${carId}/checklist`, cookie, { title: ITEM })).id;
  context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url });
  page = await session.openPage(context);
});

test.describe('paddock mode on the first visit', () => {
  test('after one load with signal, an offline reload shows the app with the user still signed in, and the remotes never opened start', async () => {
    // The one load with signal: the sign-in screen, then the car's page in the same document.
    await signIn(page);
    await page.getByRole('link', { name: CAR.name, exact: true }).click();
    await visible(checklist().getByRole('checkbox', { name: ITEM }));
    // Installed: its install step (caching the remotes) has finished once the worker is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => persisted(page, ['cars', carId, 'checklist']), { timeout: 10_000 }).toBe(true);

    await context.setOffline(true);
    await reloadOffline();
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-first-visit-offline-car-phone.png`, fullPage: true });

    // The events remote, never opened: its screen starts (it has no data of this car yet).
    await page.getByRole('button', { name: `Car Details: pages of ${CAR.name}` }).click();
    await page.getByRole('navigation', { name: 'Selected car pages' }).getByRole('link', { name: 'Events' }).click();
    await visible(page.getByLabel('Loading race events'));
    await expect(couldNotLoad()).toHaveCount(0);
    // The teams remote, never opened either.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Teams' }).click();
    await visible(page.getByRole('heading', { name: 'Team Management' }));
    await expect(couldNotLoad()).toHaveCount(0);
    await page.screenshot({ path: `${RESULTS_DIR}/paddock-first-visit-offline-teams-phone.png`, fullPage: true });
  });

  test('offline, reload after reload keeps the user signed in', async () => {
    await page.goBack();
    await page.goBack();
    for (let attempt = 0; attempt < 3; attempt += 1) await reloadOffline();
  });

  test('a tick made offline waits in the write queue and reaches the server when the signal returns', async () => {
    await context.setOffline(true);
    await checklist().getByRole('checkbox', { name: ITEM }).check();
    await visible(page.getByRole('button', { name: '1 change waiting for signal' }));
    expect(await serverItem()).toMatchObject({ isCompleted: false });

    await context.setOffline(false);
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached' });
    expect(await serverItem()).toMatchObject({ isCompleted: true });
  });

  test('with the server out of reach while the phone thinks it is online, reload after reload of the dashboard keeps the user signed in', async () => {
    // Another phone's first visit: the dashboard only, whose start checks the session before the saved data is read.
    const phone = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url });
    const other = await session.openPage(phone, { label: 'dashboard-phone' });
    await signIn(other);
    await visible(other.getByRole('link', { name: CAR.name, exact: true }));
    await other.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => persisted(other, ['cars']), { timeout: 10_000 }).toBe(true);

    // The last test of the file: the server stays stopped (the session's clean-up accepts that).
    await session.server.stop();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await other.reload();
      // Signed in: the Dashboard with the car list it saved (the failed requests take the page offline, not to an error).
      await visible(other.getByRole('heading', { name: 'Dashboard' }));
      await visible(other.getByRole('link', { name: CAR.name, exact: true }));
      await visible(other.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d$/ }));
      await expect(other.getByRole('tab', { name: 'Admin Login' }), 'the sign-in screen').toHaveCount(0);
    }
  });
});
