import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotAtViewports, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Teams and members in headless chromium, against a Pitwall started the README's way: the owner of the demo
 * season adds its mechanic through 'Add Member'; the mechanic signs in through 'Team Member' in a
 * second browser context and sees the team's cars; the owner deactivates him and his open tab is
 * sent back to the login screen on its next request; Team Settings rename the team in the side
 * navigation at once, without a call to the server.
 */

interface DemoSeason {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  members: { username: string; password: string; firstName: string; lastName: string; role: string; memberColor: string }[];
  cars: { car: Record<string, unknown> }[];
}
const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as DemoSeason;
const OWNER = season.setup;
const MECHANIC = season.members.find((m) => m.username === 'marco')!;
const CARS = season.cars.slice(0, 2).map((c) => c.car);
const MECHANIC_NAME = `${MECHANIC.firstName} ${MECHANIC.lastName}`;

const session = useBrowserSession('teams', { start: 'server', remotes: ['mfe-teams'] });
let owner: Page;
let mechanic: Page;

test.beforeAll(async () => {
  // Only the owner's browser errors are reported; the mechanic's tab is screenshotted too.
  owner = await session.openPage();
  mechanic = await session.openPage(undefined, { label: 'mechanic' });
});

const text = (page: Page, value: string) => page.getByText(value, { exact: true }).filter({ visible: true }).first();
const signInButton = (page: Page) => page.getByRole('button', { name: /^sign in$|^log ?in$/i });

async function login(page: Page, tabName: 'Admin Login' | 'Team Member', username: string, password: string) {
  await page.getByRole('tab', { name: tabName, exact: true }).click();
  await page.getByLabel(/^username/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await signInButton(page).click();
}

test.describe('teams and members in a real browser', () => {
  test('sets up the demo team with two cars (owner signed in)', async () => {
    await owner.goto(session.server.url);
    await visible(owner.getByRole('tablist'));
    // The team itself is set up through the API from the page (same origin, the owner's cookie).
    const status = await owner.evaluate(
      async ({ setup, cars }) => {
        const post = (url: string, body: unknown) =>
          fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const answers = [await post('/api/auth/setup-team', setup)];
        for (const car of cars) answers.push(await post('/api/cars', car));
        return answers.map((a) => a.status);
      },
      { setup: OWNER, cars: CARS },
    );
    expect(status[0]).toBeLessThan(300);
    expect(status.slice(1)).toEqual(CARS.map(() => 201));
    await owner.reload();
    await visible(owner.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }));
  });

  test("the owner adds the demo season's mechanic through 'Add Member'", async () => {
    await owner.getByRole('link', { name: 'Teams', exact: true }).filter({ visible: true }).click();
    await visible(owner.getByRole('heading', { name: 'Team Management' }));
    const card = owner.getByRole('link', { name: new RegExp(OWNER.teamName) });
    await visible(card.getByText('Team Owner'));
    await card.click();
    await visible(owner.getByRole('heading', { name: 'Team Members (1)' }));

    await owner.getByRole('button', { name: 'Add Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('Username').fill(MECHANIC.username);
    await dialog.getByLabel('Password').fill(MECHANIC.password);
    await dialog.getByLabel('First Name').fill(MECHANIC.firstName);
    await dialog.getByLabel('Last Name').fill(MECHANIC.lastName);
    await dialog.getByLabel('Role').selectOption(MECHANIC.role);
    await dialog.getByRole('radio', { name: 'orange' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Add Member' }).click();

    await visible(text(owner, 'Member added successfully'));
    await visible(owner.getByRole('heading', { name: 'Team Members (2)' }));
    const row = owner.getByRole('listitem', { name: MECHANIC_NAME });
    await visible(row.getByText('Mechanic', { exact: true }));
    const avatar = await row.getByText('M', { exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(avatar).toBe('rgb(255, 102, 0)'); // #ff6600
    await screenshotAtViewports(owner, 'teams-members');
  });

  test("the mechanic signs in through 'Team Member' in a second browser and sees the team's cars", async () => {
    await mechanic.goto(session.server.url);
    await login(mechanic, 'Team Member', MECHANIC.username, MECHANIC.password);
    await visible(mechanic.getByRole('heading', { name: 'Dashboard' }));
    for (const car of CARS) await visible(mechanic.getByRole('link', { name: String(car.name), exact: true }));
    // He sees the team but not the owner's controls.
    await mechanic.getByRole('link', { name: 'Teams', exact: true }).filter({ visible: true }).click();
    await mechanic.getByRole('link', { name: new RegExp(OWNER.teamName) }).click();
    await visible(mechanic.getByRole('heading', { name: 'Team Members (2)' }));
    await expect(mechanic.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
    await expect(mechanic.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await mechanic.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true }).click();
    await visible(mechanic.getByRole('link', { name: String(CARS[0]!.name), exact: true }));
  });

  test("the owner deactivates him ('View/Edit Team Member') and his open tab returns to the login screen on its next request", async () => {
    await owner.getByRole('button', { name: `Edit ${MECHANIC_NAME}` }).click();
    const dialog = owner.getByRole('dialog', { name: 'View/Edit Team Member' });
    await visible(dialog.getByText('Inactive members cannot access the system.'));
    const active = dialog.getByRole('switch', { name: 'Active' });
    expect(await active.isChecked()).toBe(true);
    await dialog.getByText('Active', { exact: true }).click();
    expect(await active.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(text(owner, 'Team member updated successfully'));
    await visible(owner.getByRole('listitem', { name: MECHANIC_NAME }).getByText('Inactive', { exact: true }));

    // His tab still shows the dashboard (data cached, never stale: docs/product.md, 'API'). Its next request —
    // opening a car, whose details are not cached yet — answers 401.
    await mechanic.getByRole('link', { name: String(CARS[0]!.name), exact: true }).click();
    await visible(mechanic.getByRole('tab', { name: 'Team Member', exact: true }));
    await expect(mechanic.getByRole('button', { name: 'Sign Out' }).filter({ visible: true })).toHaveCount(0);
    await mechanic.reload();
    await visible(mechanic.getByRole('tab', { name: 'Team Member', exact: true }));

    // And he cannot sign in again while inactive.
    await login(mechanic, 'Team Member', MECHANIC.username, MECHANIC.password);
    await visible(mechanic.getByRole('alert'));
    await expect(mechanic.getByRole('button', { name: 'Sign Out' }).filter({ visible: true })).toHaveCount(0);
  });

  test('asks before removing a member, in an alertdialog', async () => {
    await owner.getByRole('button', { name: `Remove ${MECHANIC_NAME}` }).click();
    const confirm = owner.getByRole('alertdialog');
    await visible(confirm.getByText(`Are you sure you want to remove ${MECHANIC_NAME} from the team?`));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await visible(owner.getByRole('heading', { name: 'Team Members (2)' }));
  });

  test('Team Settings rename the team in the side navigation at once, stored only in localStorage', async () => {
    await owner.getByRole('link', { name: 'Settings', exact: true }).filter({ visible: true }).click();
    await visible(owner.getByRole('heading', { name: 'Team Settings' }));
    await owner.getByLabel('Team Name').fill('APEX GARAGE');
    await owner.getByLabel('Team Subtitle').fill('CLUB RACING');
    await owner.getByRole('button', { name: 'Racing Red' }).click();

    const apiCalls: string[] = [];
    owner.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${request.url()}`);
    });
    await owner.getByRole('button', { name: 'Save Changes' }).click();
    await visible(text(owner, 'Settings saved'));
    const nav = owner.getByRole('complementary');
    await visible(nav.getByText('APEX GARAGE', { exact: true }));
    await visible(nav.getByText('APEX GARAGE Racing', { exact: true }));
    await visible(nav.getByText('CLUB RACING', { exact: true }));
    const stored = await owner.evaluate(() => JSON.parse(window.localStorage.getItem('teamConfig') ?? 'null') as Record<string, string> | null);
    expect(stored).toMatchObject({ teamName: 'APEX GARAGE', teamSubtitle: 'CLUB RACING', primaryColor: '#c8102e' });
    const primary = await owner.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));
    expect(primary).toBe('#c8102e');
    expect(apiCalls).toEqual([]);
    await screenshotAtViewports(owner, 'teams-settings');

    await owner.getByRole('button', { name: 'Reset to Defaults' }).click();
    await visible(text(owner, 'Reset to defaults'));
    // The defaults again: the team's own name, as before any branding was chosen.
    await visible(nav.getByText(OWNER.teamName, { exact: true }).first());
    expect(await owner.evaluate(() => window.localStorage.getItem('teamConfig'))).toBeNull();
    expect(apiCalls).toEqual([]);
  });
});
