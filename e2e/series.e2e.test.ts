import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotAtViewports, seriousViolations, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Series in headless chromium: an organiser creates a series with a round, a checklist and a
 * join code; the demo team enters two cars with the code; the organiser passes one car and fails
 * the other with a note; the team sees the results, withdraws a car, and the organiser's entry
 * list no longer shows it. On a phone the organiser sets a car's balance of performance on the
 * round page, and the team reads it there. Organiser and team are separate accounts in separate browser contexts;
 * each screen is screenshotted at 1280×800 and 390×844 and holds no serious axe-core violation.
 */

interface DemoSeason {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: { car: { name: string } & Record<string, unknown> }[];
}
const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as DemoSeason;
const TEAM = season.setup;
const [PASSED, FAILED] = season.cars.slice(0, 2).map((c) => c.car);
const ORGANISER = { teamName: 'Club Sprint Office', ownerName: 'Olivia Clerk', email: 'clerk@clubsprint.example', username: 'clerk', password: 'scrutineer-26' };
const ITEMS = ['Seat FIA label valid', 'Fire extinguisher armed'];

const session = useBrowserSession('series', { start: 'server', remotes: ['mfe-teams'] });
let organiser: Page;
let team: Page;

const navLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).filter({ visible: true });

/** Screenshots the screen at both viewports and holds it to no serious or critical axe-core violation. */
async function checkScreen(page: Page, name: string) {
  await screenshotAtViewports(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** Sets an account up through the API from the page (same origin), then reloads signed in. */
async function setUp(page: Page, setup: typeof TEAM, cars: Record<string, unknown>[] = []) {
  await page.goto(session.server.url);
  await visible(page.getByRole('tablist'));
  const status = await page.evaluate(
    async ({ setup, cars }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const answers = [await post('/api/auth/setup-team', setup)];
      for (const car of cars) answers.push(await post('/api/cars', car));
      return answers.map((a) => a.status);
    },
    { setup, cars },
  );
  expect(status).toEqual([201, ...cars.map(() => 201)]);
  await page.reload();
  await visible(page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }));
}

test.beforeAll(async () => {
  organiser = await session.openPage();
  team = await session.openPage(undefined, { label: 'team' });
  await setUp(organiser, ORGANISER);
  await setUp(team, TEAM, [PASSED!, FAILED!]);
});

test.describe('a series in a real browser', () => {
  let code = '';

  test('the organiser creates a series with a round, a checklist and a join code', async () => {
    await navLink(organiser, 'Series').click();
    await visible(organiser.getByRole('heading', { name: 'Series', exact: true }));
    await organiser.getByRole('button', { name: 'Create Series' }).click();
    const dialog = organiser.getByRole('dialog', { name: 'Create Series' });
    await dialog.getByLabel('Series Name').fill('Club Sprint Cup');
    await dialog.getByLabel('Season').fill('2026');
    await dialog.getByLabel('Classes').fill('Cup, Open');
    await dialog.getByRole('button', { name: 'Create Series' }).click();
    await visible(organiser.getByRole('heading', { name: 'Club Sprint Cup' }));

    const addRound = organiser.getByRole('form', { name: 'Add Round' });
    await addRound.getByLabel('Round Name').fill('Round 1');
    await addRound.getByLabel('Location').fill('Laguna Seca');
    await addRound.getByLabel('Date').fill('2026-04-12');
    await addRound.getByRole('button', { name: 'Add Round' }).click();
    await visible(organiser.getByRole('link', { name: 'Results and Scrutineering: Round 1' }));

    // Each item is saved as it is added, as on the car checklist.
    for (const item of ITEMS) {
      await organiser.getByLabel('New Checklist Item').fill(item);
      await organiser.getByRole('button', { name: 'Add Item' }).click();
      await visible(organiser.getByRole('button', { name: `Remove ${item}` }));
    }
    await organiser.reload();
    await visible(organiser.getByRole('button', { name: `Remove ${ITEMS.at(-1)!}` }));

    await organiser.getByRole('button', { name: 'Make Join Code' }).click();
    const codes = organiser.getByRole('list', { name: 'Join codes' });
    await visible(codes);
    code = (await codes.locator('li').first().locator('span').first().textContent())!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    await checkScreen(organiser, 'series-organiser');
  });

  test('the demo team enters the series with the code and enters two cars', async () => {
    await navLink(team, 'Series').click();
    await team.getByLabel('Join Code').fill(code.toLowerCase());
    await team.getByRole('button', { name: 'Enter Series' }).click();
    await visible(team.getByRole('heading', { name: 'Club Sprint Cup' }));

    for (const [car, klass, number] of [[PASSED!.name, 'Cup', '27'], [FAILED!.name, 'Open', '86']] as const) {
      await team.getByLabel('Car', { exact: true }).selectOption({ label: `${car} (${TEAM.teamName})` });
      await team.getByLabel('Class', { exact: true }).selectOption(klass);
      await team.getByLabel('Number', { exact: true }).fill(number);
      await team.getByRole('button', { name: 'Enter Car' }).click();
      await visible(team.getByRole('article', { name: `#${number} ${car}` }));
    }
    // A car already entered is refused under its field.
    await team.getByLabel('Car', { exact: true }).selectOption({ label: `${PASSED!.name} (${TEAM.teamName})` });
    await team.getByLabel('Number', { exact: true }).fill('28');
    await team.getByRole('button', { name: 'Enter Car' }).click();
    await visible(team.getByText('This car is already entered in the series'));
    await checkScreen(team, 'series-team');
  });

  test('the organiser sees both cars with their passports, passes one and fails the other with a note', async () => {
    await organiser.reload();
    await visible(organiser.getByRole('article', { name: `#27 ${PASSED!.name}` }));
    await visible(organiser.getByRole('article', { name: `#86 ${FAILED!.name}` }).getByText(TEAM.teamName));

    await organiser.getByRole('link', { name: 'Results and Scrutineering: Round 1' }).click();
    await organiser.getByRole('link', { name: 'Scrutineer #27' }).click();
    for (const item of ITEMS) await organiser.getByRole('group', { name: item }).getByRole('radio', { name: 'Pass' }).check();
    await organiser.getByRole('button', { name: 'Save Sheet' }).click();
    await visible(organiser.getByText(/^Recorded by Olivia Clerk/).first());
    await checkScreen(organiser, 'series-sheet');

    await organiser.getByRole('link', { name: /Back to Round/ }).click();
    await organiser.getByRole('link', { name: 'Scrutineer #86' }).click();
    await organiser.getByRole('group', { name: ITEMS[0]! }).getByRole('radio', { name: 'Pass' }).check();
    const extinguisher = organiser.getByRole('group', { name: ITEMS[1]! });
    await extinguisher.getByRole('radio', { name: 'Fail' }).check();
    await extinguisher.getByLabel('Notes').fill('Safety pin missing');
    await organiser.getByRole('button', { name: 'Save Sheet' }).click();
    await visible(extinguisher.getByText(/^Recorded by Olivia Clerk/));
  });

  test("the organiser sets #27's balance of performance on a phone (no sideways scroll, 44 px targets); the team reads it", async () => {
    await organiser.getByRole('link', { name: /Back to Round/ }).click();
    await organiser.setViewportSize(VIEWPORTS.phone);
    const bop = organiser.getByRole('list', { name: 'BoP per car' });
    const edit = bop.getByRole('button', { name: 'Edit BoP of #27' });
    expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await edit.click();
    const form = organiser.getByRole('form', { name: 'BoP of #27' });
    await form.getByLabel('Ballast (kg)').fill('15');
    await form.getByLabel('Restrictor (mm)').fill('36');
    await form.getByLabel('Minimum weight (kg)').fill('1250');
    await form.getByLabel('Notes').fill('Success ballast');
    expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    const save = form.getByRole('button', { name: 'Save BoP' });
    expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await save.click();
    await form.waitFor({ state: 'detached' });
    await visible(bop.getByText('1,250 kg'));
    expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await checkScreen(organiser, 'series-bop');

    await team.reload();
    await team.getByRole('link', { name: 'Results: Round 1' }).click();
    const own = team.getByRole('list', { name: 'BoP per car' });
    await visible(own.getByText('Success ballast'));
    await visible(own.getByText('36 mm'));
    await team.getByRole('link', { name: /Back to Series/ }).click();
  });

  test('the team sees its results, withdraws a car, and the organiser no longer sees it', async () => {
    await team.reload();
    await team.getByRole('link', { name: 'Results: Round 1' }).click();
    const passed = team.getByRole('region', { name: `#27 ${PASSED!.name}` });
    const failed = team.getByRole('region', { name: `#86 ${FAILED!.name}` });
    await visible(failed.getByText('Safety pin missing'));
    await expect(passed.getByText('Pass', { exact: true })).toHaveCount(2);
    await visible(failed.getByText('Fail', { exact: true }));
    await checkScreen(team, 'series-results');

    await team.getByRole('link', { name: /Back to Series/ }).click();
    await team.getByRole('button', { name: `Withdraw #86 ${FAILED!.name}` }).click();
    await team.getByRole('alertdialog', { name: 'Withdraw Car' }).getByRole('button', { name: 'Withdraw' }).click();
    await team.getByRole('article', { name: `#86 ${FAILED!.name}` }).waitFor({ state: 'detached' });

    await organiser.getByRole('link', { name: /Back to Series/ }).click();
    // The organiser's open tab refetches the entry list when it shows it: the withdrawn car is gone.
    await organiser.getByRole('article', { name: `#86 ${FAILED!.name}` }).waitFor({ state: 'detached' });
    await visible(organiser.getByRole('article', { name: `#27 ${PASSED!.name}` }));
    // Every part of the page that named the car refetches: none names it once they have.
    await expect.poll(() => organiser.getByText(FAILED!.name).count()).toBe(0);
    // The organiser keeps the result, naming only the number and class.
    await organiser.getByRole('link', { name: 'Results and Scrutineering: Round 1' }).click();
    const kept = organiser.getByRole('region', { name: '#86' });
    await visible(kept.getByText('Withdrawn'));
    await visible(kept.getByText('Safety pin missing'));
    await organiser.getByRole('region', { name: `#86 ${FAILED!.name}` }).waitFor({ state: 'detached' });
    await expect.poll(() => organiser.getByText(FAILED!.name).count()).toBe(0);
  });
});
