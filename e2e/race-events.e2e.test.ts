import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { screenshotAtViewports, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT, type PitwallProcess } from './support/server.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * Race events in headless chromium, against Pitwall started the README's way with the events remote
 * served from its own build output (mfe-events/dist at /remotes/events/): schedule the demo season's
 * Laguna Seca race event, set its final drive, raise 'Brake pedal goes long' and walk it
 * open → in progress → resolved → open, checking the Issues tab counters at each step. Then a second
 * Pitwall whose events remote URL is dead: the Events page shows the shell's fallback while the
 * dashboard keeps working.
 */

interface SeasonIssue { title: string; description: string; type: string; priority: string }
interface SeasonRaceEvent { name: string; location: string; date: string; trackLength: string; weather: string; notes: string; finalDriveRatio?: string; finalDriveNotes?: string; issues?: SeasonIssue[] }
interface Season {
  setup: { teamName: string; ownerName: string; email: string; username: string; password: string };
  cars: { car: Record<string, unknown> & { name: string }; events?: SeasonRaceEvent[] }[];
}

const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as Season;
const mx5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;
const laguna = mx5.events!.find((e) => e.location === 'WeatherTech Raceway Laguna Seca')!;
const brakeIssue = laguna.issues!.find((i) => i.title === 'Brake pedal goes long')!;

const session = useBrowserSession('race-events', { start: 'browser', remotes: ['mfe-events'] });
let page: Page;

/** Starts a Pitwall on a fresh data dir, sets up the demo team and adds the MX-5 through the API; signs the browser in. */
async function startWithCar(env?: NodeJS.ProcessEnv): Promise<{ server: PitwallProcess; context: BrowserContext; carId: number }> {
  const server = await session.startServer(env);
  const context = await session.browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.url });
  const headers = { Origin: server.url };
  const setup = await context.request.post('/api/auth/setup-team', { data: season.setup, headers });
  expect(setup.status(), await setup.text()).toBeLessThan(300);
  const car = await context.request.post('/api/cars', { data: mx5.car, headers });
  expect(car.status(), await car.text()).toBe(201);
  const { id } = (await car.json()) as { id: number };
  page = await session.openPage(context);
  return { server, context, carId: id };
}

const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });

/** The three Issues tab counters, read from their accessible names ('Open: 1'). */
async function expectCounters(open: number, inProgress: number, resolved: number) {
  const counts = page.getByRole('list', { name: 'Issue status counts' });
  await visible(counts.getByRole('listitem', { name: `Open: ${open}`, exact: true }));
  await visible(counts.getByRole('listitem', { name: `In Progress: ${inProgress}`, exact: true }));
  await visible(counts.getByRole('listitem', { name: `Resolved: ${resolved}`, exact: true }));
}

/** Clicks a status transition of the brake issue and waits for the 'Status Updated' toast. */
async function transition(label: string) {
  const item = page.getByRole('listitem', { name: brakeIssue.title, exact: true });
  await item.getByRole('button', { name: label, exact: true }).click();
  await visible(page.getByRole('status').getByText('Status Updated', { exact: true }));
}

test.describe('Race events', () => {
  test("schedules the Laguna Seca race event, sets its final drive, and walks 'Brake pedal goes long' through its statuses", async () => {
    const { carId } = await startWithCar();
    await page.goto(`/car/${carId}/events`);
    await visible(page.getByRole('heading', { level: 1, name: 'Race Events' }));
    await visible(page.getByText('No events created yet', { exact: true }));
    await screenshotAtViewports(page, 'race-events-empty');

    // Schedule the race event.
    await button('Add First Event').click();
    const eventForm = page.getByRole('form', { name: 'Add New Event' });
    await visible(eventForm);
    await eventForm.getByLabel('Event Name').fill(laguna.name);
    await eventForm.getByLabel('Location').fill(laguna.location);
    await eventForm.getByLabel('Date').fill(laguna.date);
    await eventForm.getByLabel('Track Length').fill(laguna.trackLength);
    await eventForm.getByLabel('Weather').fill(laguna.weather);
    await eventForm.getByLabel('Notes').fill(laguna.notes);
    await eventForm.getByRole('button', { name: 'Add Event' }).click();
    await visible(page.getByText('Event added successfully', { exact: true }));
    await visible(page.getByRole('heading', { level: 1, name: laguna.name }));
    await visible(page.getByText('March 21, 2026', { exact: true }).first());
    await visible(page.getByText(laguna.trackLength, { exact: true }));
    const eventPath = /^\/car\/(\d+)\/events\/(\d+)$/.exec(new URL(page.url()).pathname);
    expect(eventPath, page.url()).not.toBeNull();
    // The detail has finished loading (its setup reads answered) before we leave it: leaving earlier aborts them.
    const setup = page.getByRole('region', { name: 'Technical Setup' });
    await visible(setup.getByText('Not configured', { exact: true }));
    await visible(setup.getByText('0 configurations', { exact: true }));

    // The list shows it, and the shared link's ?eventId= opens it directly.
    await button('← Back to All Events').click();
    const card = page.getByRole('button', { name: new RegExp(laguna.name) });
    await visible(card);
    await visible(card.getByText(laguna.weather, { exact: true }));
    await visible(card.getByText('March 21, 2026', { exact: true }));
    await screenshotAtViewports(page, 'race-events-list');
    await page.goto(`/car/${eventPath![1]}/events?eventId=${eventPath![2]}`);
    await visible(page.getByRole('heading', { level: 1, name: laguna.name }));

    // Final drive: Set → validation → save.
    await page.getByRole('tab', { name: 'Technical Settings' }).click();
    const finalDriveCard = page.getByRole('region', { name: 'Final Drive Ratio' });
    await finalDriveCard.getByRole('button', { name: 'Set', exact: true }).click();
    const finalDriveForm = page.getByRole('form', { name: 'Final Drive Ratio' });
    await finalDriveForm.getByLabel('Final Drive Ratio').fill('two point nine');
    await finalDriveForm.getByRole('button', { name: 'Save Final Drive' }).click();
    await visible(finalDriveForm.getByText('Final drive ratio must be a valid number', { exact: true }));
    await finalDriveForm.getByLabel('Final Drive Ratio').fill(laguna.finalDriveRatio!);
    await finalDriveForm.getByLabel('Notes').fill(laguna.finalDriveNotes!);
    await finalDriveForm.getByRole('button', { name: 'Save Final Drive' }).click();
    await visible(page.getByText('Final drive ratio updated', { exact: true }));
    await visible(finalDriveCard.getByText('2.866', { exact: true }));
    await visible(finalDriveCard.getByRole('button', { name: 'Edit', exact: true }));
    await screenshotAtViewports(page, 'race-events-technical');

    // Raise the brake issue.
    await button('Add Issue/Tool Request').click();
    const issueForm = page.getByRole('form', { name: 'Add Issue/Tool Request' });
    await issueForm.getByLabel('Title').fill(brakeIssue.title);
    await issueForm.getByLabel('Description').fill(brakeIssue.description);
    await issueForm.getByLabel('Type').selectOption({ label: 'Mechanical Issue' });
    await issueForm.getByLabel('Priority').selectOption(brakeIssue.priority);
    await screenshotAtViewports(page, 'race-events-add-issue');
    await issueForm.getByRole('button', { name: 'Add Issue' }).click();
    await visible(page.getByText('Issue added successfully', { exact: true }));

    // Issues tab: open → in progress → resolved → open, counters at each step.
    await page.getByRole('tab', { name: 'Issues (1)' }).click();
    await visible(page.getByRole('heading', { name: 'Issues to Resolve Before Next Event' }));
    await expectCounters(1, 0, 0);
    await transition('Start Progress');
    await expectCounters(0, 1, 0);
    await transition('Mark Resolved');
    await expectCounters(0, 0, 1);
    await screenshotAtViewports(page, 'race-events-issues');
    await transition('Reopen Issue');
    await expectCounters(1, 0, 0);

    // Overview: the issue shows in Issues Overview; the setup card counts this race event's own setup.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await visible(page.getByRole('region', { name: 'Issues Overview' }).getByText(brakeIssue.title, { exact: true }));
    await visible(page.getByRole('region', { name: 'Technical Setup' }).getByText('Not configured', { exact: true }));
    await screenshotAtViewports(page, 'race-events-overview');

    // A later race event shows the still-open brake issue as carried over.
    await button('← Back to All Events').click();
    await button('Add New Event').click();
    const next = page.getByRole('form', { name: 'Add New Event' });
    await next.getByLabel('Event Name').fill('Summer Enduro');
    await next.getByLabel('Location').fill('Sonoma Raceway');
    await next.getByLabel('Date').fill('2026-06-13');
    await next.getByRole('button', { name: 'Add Event' }).click();
    const carried = page.getByRole('region', { name: 'Carried over' });
    await visible(carried.getByText(brakeIssue.title, { exact: true }));
    await visible(carried.getByText(`From ${laguna.name} · March 21, 2026`, { exact: true }));

    expect(session.pageErrors.filter((e) => !/status of 404|images/.test(e))).toEqual([]);
  });

  test('shows the fallback on /car/{id}/events when the events remote cannot be reached, while the dashboard keeps working', async () => {
    const { carId } = await startWithCar({ REMOTE_EVENTS_URL: 'http://127.0.0.1:9/remotes/events/mf-manifest.json' });
    await page.goto(`/car/${carId}/events`);
    await visible(page.getByText('This part of Pitwall could not be loaded.', { exact: true }));
    await visible(button('Retry'));
    await screenshotAtViewports(page, 'race-events-remote-down');
    await page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).first().click();
    await visible(page.getByText(mx5.car.name, { exact: true }).filter({ visible: true }).first());
    // The car header is only on a car's pages: from the Dashboard, the car's own link.
    await page.getByRole('link', { name: mx5.car.name, exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: mx5.car.name }));
  });
});
