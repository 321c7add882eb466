import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, seriousViolations } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The owner of an imported team gives a member the import recreated their first password ('Set
 * password' on the member's row), reactivates them, and the member signs in with it. Desktop and
 * phone screenshots go to test-results/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const session = useBrowserSession('imported-member-password', { start: 'server' });

let context: BrowserContext;
let page: Page;
let copyId: number;

async function api<T>(method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(url, { method, data, headers: { Origin: session.server.url } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  await mkdir(RESULTS_DIR, { recursive: true });
  context = await session.browser.newContext({ viewport: DESKTOP, baseURL: session.server.url });
  const owner = await api<{ teams: { teamId: number }[] }>('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' });
  const teamId = owner.teams[0]!.teamId;
  await api('POST', `/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' });
  const exported = await context.request.get(`/api/teams/${teamId}/export`);
  const imported = await context.request.post('/api/teams/import', {
    headers: { Origin: session.server.url },
    multipart: { file: { name: 'team.zip', mimeType: 'application/zip', buffer: await exported.body() } },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  copyId = ((await imported.json()) as { teamId: number }).teamId;
  page = await session.openPage(context);
});

test.describe("an imported member's first password", () => {
  test('the owner sets it on the member row; reactivated, the member signs in with it', async () => {
    await page.goto(`/teams/${copyId}`);
    await page.getByRole('button', { name: 'Set password for Marco Rossi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set password' });
    await dialog.getByLabel('New password').fill('grid-walk-lantern-9');
    await page.screenshot({ path: `${RESULTS_DIR}/imported-member-password-desktop.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password set. Reactivate the member and give them their password.').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Set password for Marco Rossi' }).waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);

    const members = await api<{ id: number; username: string }[]>('GET', `/api/teams/${copyId}/members`);
    await api('PATCH', `/api/teams/${copyId}/members/${members.find((m) => m.username === 'marco-2')!.id}`, { isActive: true });
    const member = await session.browser.newContext({ baseURL: session.server.url });
    const signIn = await member.request.post('/api/auth/login', { headers: { Origin: session.server.url }, data: { username: 'marco-2', password: 'grid-walk-lantern-9', loginType: 'member' } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await member.close();
  });

  test('fits a phone: the password dialog without sideways scrolling', async () => {
    // A second imported copy, whose member still awaits a password.
    const exported = await context.request.get(`/api/teams/${copyId}/export`);
    const again = await context.request.post('/api/teams/import', { headers: { Origin: session.server.url }, multipart: { file: { name: 'team.zip', mimeType: 'application/zip', buffer: await exported.body() } } });
    const { teamId } = (await again.json()) as { teamId: number };
    const phone = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url, storageState: await context.storageState() });
    const p = await session.openPage(phone);
    await p.goto(`/teams/${teamId}`);
    await p.getByRole('button', { name: /^Set password for / }).tap();
    await p.getByRole('dialog', { name: 'Set password' }).getByLabel('New password').waitFor({ state: 'visible' });
    expect(await seriousViolations(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await p.screenshot({ path: `${RESULTS_DIR}/imported-member-password-phone.png`, fullPage: true });
    await phone.close();
  });
});
