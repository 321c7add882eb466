import type { Page } from '@playwright/test';
import { visible } from './support/browser.ts';
import { expect, setupTeamThroughUi, test, useBrowserSession } from './support/session.ts';
import { startTopology, type Topology } from './support/topology.ts';

/**
 * The distributed mode in a real browser: command, query, projector and the gateway as their own
 * processes on PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL), chromium opening the
 * gateway's address. Every write carries the browser's own Origin, which the command instance
 * must recognise as its site although the gateway reached it at another address.
 */
const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;

const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };

const session = useBrowserSession('distributed-topology', { start: 'browser' });
let topology: Topology | undefined;
let page: Page;
/** The Origin header of every write the browser sent (as sent: the network stack adds it). */
const writeOrigins: Promise<string | undefined>[] = [];

const toast = (text: string) => visible(page.getByRole('status').filter({ hasText: text }));

test.describe('the distributed mode through the gateway, in a browser', () => {
  test.skip(!DATABASE || !REDIS, 'it needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both)');

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // A short read-your-writes wait: the frozen projector's save answers within seconds.
    topology = await startTopology({ databaseUrl: DATABASE!, redisUrl: REDIS!, env: { READ_YOUR_WRITES_TIMEOUT_MS: '4000' } });
    page = await session.openPage();
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/')) writeOrigins.push(request.allHeaders().then((h) => h.origin));
    });
  });

  test.afterAll(async () => {
    await topology?.stop();
  });

  test.afterEach(() => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus) console.error(`Topology output:\n${topology?.output() ?? '(not started)'}`);
  });

  test('sets a team up, adds a car and saves its suspension, the reload showing it from the query side', async () => {
    await setupTeamThroughUi(page, topology!.gateway, OWNER);

    await page.getByRole('button', { name: 'Add New Car', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Car' });
    await dialog.getByLabel('Car Name').fill('MX-5 #27');
    await dialog.getByLabel('Make & Model').fill('Mazda MX-5 (ND2)');
    await dialog.getByLabel('Year').fill('2022');
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await toast('Car added successfully');
    await page.getByRole('link', { name: 'MX-5 #27', exact: true }).click();
    await page.waitForURL(/\/car\/\d+$/);

    const suspension = page.getByRole('region', { name: 'Suspension & Alignment', exact: true });
    await suspension.getByRole('button', { name: 'Add Suspension Data' }).click();
    const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
    const front = form.getByRole('group', { name: 'Front', exact: true });
    await front.getByLabel('Front Ride Height', { exact: true }).fill('120');
    await front.getByLabel('Front Camber', { exact: true }).fill('-2.5°');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Suspension settings updated successfully');
    await visible(suspension.getByText('-2.5°', { exact: true }));

    await page.reload();
    await visible(page.getByRole('region', { name: 'Suspension & Alignment', exact: true }).getByText('-2.5°', { exact: true }));
    expect(page.url().startsWith(topology!.gateway)).toBe(true);
  });

  test('signs out and signs in again through Admin Login', async () => {
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.getByRole('tab', { name: 'Admin Login' }).click();
    await page.getByLabel(/^username/i).fill(OWNER.username);
    await page.getByLabel(/^password/i).fill(OWNER.password);
    await page.locator('form button[type="submit"]').click();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    await visible(page.getByRole('link', { name: 'MX-5 #27', exact: true }));
  });

  test('saves while the projector is frozen: the form shows what was saved, and the page shows it once the projector runs again', async () => {
    test.setTimeout(60_000);
    const projector = topology!.processes.find((p) => p.name === 'projector')!;
    await page.getByRole('link', { name: 'MX-5 #27', exact: true }).click();
    const suspension = page.getByRole('region', { name: 'Suspension & Alignment', exact: true });
    await suspension.getByRole('button', { name: 'Edit Suspension & Alignment' }).click();
    const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
    const front = form.getByRole('group', { name: 'Front', exact: true });
    projector.child.kill('SIGSTOP');
    try {
      await front.getByLabel('Front Camber', { exact: true }).fill('-3.1°');
      const answered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/suspension'));
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      // Stored, not shown yet: 202 after the read-your-writes wait, and the card shows the saved value meanwhile.
      expect((await answered).status()).toBe(202);
      await visible(suspension.getByText('-3.1°', { exact: true }));
    } finally {
      projector.child.kill('SIGCONT');
    }
    await page.reload();
    await visible(page.getByRole('region', { name: 'Suspension & Alignment', exact: true }).getByText('-3.1°', { exact: true }));
  });

  test("sent every write with the browser's own Origin, and none was refused", async () => {
    // setup-team, the car, the suspension twice, sign-out, sign-in.
    expect(writeOrigins.length).toBeGreaterThanOrEqual(6);
    expect(new Set(await Promise.all(writeOrigins))).toEqual(new Set([topology!.gateway]));
    expect(session.pageErrors.filter((e) => /\b403\b|another site/.test(e))).toEqual([]);
  });
});
