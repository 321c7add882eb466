import type { Locator } from '@playwright/test';
import { screenshotAtViewports, VIEWPORTS, visible } from './support/browser.ts';
import { expect, setupTeamThroughUi, test, useBrowserSession } from './support/session.ts';

/**
 * The Issues & Tools screen in a real browser, against a Pitwall started the README's way:
 * raise an event issue for a race event (with a photo) and a tool need, move the issue
 * open → in progress → resolved → open and the tool to resolved, and check the 'N Open' /
 * 'N Needed' badges and that it all survives a reload.
 */

const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const session = useBrowserSession('issues');
let issuesUrl = '';

const column = (name: RegExp) => session.page.getByRole('region', { name });
const eventIssues = () => column(/^Event Issues/);
const equipment = () => column(/^Equipment & Tools/);
const item = (scope: Locator, title: string) => scope.getByRole('article', { name: title, exact: true });
const toast = (text: string) => visible(session.page.getByRole('status').filter({ hasText: text }));

/** Calls the API from the signed-in page (same origin, session cookie). */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return session.page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, credentials: 'include', headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

test.describe('Issues & Tools in a real browser', () => {
  test('shows both empty states for a new car', async () => {
    await setupTeamThroughUi(session.page, session.server.url, OWNER);

    const car = await api<{ id: number }>('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, carClass: 'Other' });
    await api('POST', `/api/cars/${car.id}/events`, { name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21' });
    issuesUrl = `${session.server.url}/car/${car.id}/issues`;
    await session.page.goto(issuesUrl);
    await visible(session.page.getByRole('heading', { level: 1, name: 'Issues & Tools' }));
    await visible(eventIssues().getByText('No event issues tracked yet', { exact: true }));
    await visible(eventIssues().getByText('0 Open', { exact: true }));
    await visible(equipment().getByText('No equipment needs tracked yet', { exact: true }));
    await visible(equipment().getByText('0 Needed', { exact: true }));
  });

  test('raises an event issue for the race event, with a photo', async () => {
    await eventIssues().getByRole('button', { name: 'Add First Issue' }).click();
    const form = session.page.getByRole('form', { name: 'Add Issue' });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(form.getByText('Title must be at least 2 characters', { exact: true }));
    await visible(form.getByText('Description must be at least 5 characters', { exact: true }));
    expect((await form.getByLabel('Type').locator('option').allTextContents()).map((t) => t.trim())).toEqual(['Mechanical Issue', 'Tool Needed', 'Part Required', 'General Note']);

    await form.getByLabel('Title').fill('Brake pedal goes long');
    await form.getByLabel('Description').fill('Pedal travel grows after 8-10 laps; bleed and check pad knock-off');
    await form.getByLabel('Priority').selectOption('high');
    await form.getByLabel('Race event (optional)').selectOption({ label: 'Spring Sprint Round 1 · March 21, 2026' });
    await form.getByLabel('Image (optional)').setInputFiles({ name: 'pedal.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Issue added successfully');

    const brake = item(eventIssues(), 'Brake pedal goes long');
    await visible(brake);
    await visible(brake.getByText('Mechanical Issue', { exact: true }));
    await visible(brake.getByText(/Spring Sprint Round 1/));
    const photo = brake.getByRole('img', { name: 'Photo: Brake pedal goes long' });
    await visible(photo);
    // Visible comes before loaded: wait until the photo has arrived and decoded (a loaded machine is slower).
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await visible(eventIssues().getByText('1 Open', { exact: true }));
  });

  test('raises a tool need in Equipment & Tools', async () => {
    await equipment().getByRole('button', { name: 'Add First Equipment Need' }).click();
    const form = session.page.getByRole('form', { name: 'Add Equipment Need' });
    expect(await form.getByLabel('Type').inputValue()).toBe('tool');
    await form.getByLabel('Title').fill('Need 17mm deep socket');
    await form.getByLabel('Description').fill('Two in the pit cart for wheel changes');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Issue added successfully');
    await visible(item(equipment(), 'Need 17mm deep socket'));
    await visible(equipment().getByText('1 Needed', { exact: true }));
  });

  test('moves the issue open → in progress → resolved → open, and resolves the tool need', async () => {
    const brake = item(eventIssues(), 'Brake pedal goes long');
    await brake.getByRole('button', { name: 'Start Progress' }).click();
    await toast('Status Updated');
    await visible(brake.getByText('In Progress', { exact: true }));
    await visible(eventIssues().getByText('0 Open', { exact: true }));

    await brake.getByRole('button', { name: 'Mark Resolved' }).click();
    await visible(brake.getByText('Resolved', { exact: true }));
    await visible(brake.getByRole('button', { name: 'Reopen Issue' }));
    await expect(brake.getByRole('button', { name: 'Start Progress' })).toHaveCount(0);

    await brake.getByRole('button', { name: 'Reopen Issue' }).click();
    await visible(brake.getByRole('button', { name: 'Start Progress' }));
    await visible(eventIssues().getByText('1 Open', { exact: true }));

    const socket = item(equipment(), 'Need 17mm deep socket');
    await socket.getByRole('button', { name: 'Mark Resolved' }).click();
    await visible(socket.getByRole('button', { name: 'Reopen Issue' }));
    await visible(equipment().getByText('0 Needed', { exact: true }));
  });

  test('keeps it all after a reload', async () => {
    await session.page.goto(issuesUrl);
    await visible(item(eventIssues(), 'Brake pedal goes long').getByText('Open', { exact: true }));
    await visible(eventIssues().getByText('1 Open', { exact: true }));
    await visible(item(equipment(), 'Need 17mm deep socket').getByText('Resolved', { exact: true }));
    await visible(equipment().getByText('0 Needed', { exact: true }));
    await screenshotAtViewports(session.page, 'issues-and-tools');
    await session.page.setViewportSize(VIEWPORTS.phone);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await session.page.setViewportSize(VIEWPORTS.desktop);
  });
});
