import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { screenshotAtViewports, VIEWPORTS, visible } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { expect, setupTeamThroughUi, test, useBrowserSession } from './support/session.ts';

/**
 * The car record in a real browser: a new team adds the MX-5 #27 of data/demo-season.json, enters its
 * published gear ratios (speeds filled by the speed calculator and compared with the published
 * ones), suspension, tire pressures, a maintenance date and a checklist item through the UI,
 * RELOADS, and finds every value again. Server started the README's way (e2e/support).
 */

interface DemoCar {
  car: { name: string; makeModel: string; year: number; carClass: string };
  gearRatios: { name: string; ratio: string; speedAtMaxRpm: string; notes: string }[];
  suspension: Record<string, string>;
  tirePressures: { items: { condition: string; frontLeft: string; frontRight: string; rearLeft: string; rearRight: string }[]; notes: string };
  maintenance: Record<string, string | null>;
  checklist: { title: string; description: string; priority: string }[];
}
const season = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/demo-season.json'), 'utf8')) as { cars: DemoCar[] };
const MX5 = season.cars.find((c) => c.car.name === 'MX-5 #27')!;
const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };
const SETTINGS = [
  ['RideHeight', 'Ride Height'],
  ['SpringRate', 'Spring Rate'],
  ['DamperSetting', 'Damper Setting (Comp/Reb)'],
  ['Camber', 'Camber'],
  ['Toe', 'Toe'],
  ['AntiRollBar', 'Anti-Roll Bar'],
] as const;
const CORNERS = [
  ['frontLeft', 'Front Left'],
  ['frontRight', 'Front Right'],
  ['rearLeft', 'Rear Left'],
  ['rearRight', 'Rear Right'],
] as const;

/** The text a suspension value typed into the form is stored as: a changed ride height gets the contract's 'mm' with a space ('120mm' → '120 mm'). */
const stored = (key: (typeof SETTINGS)[number][0], typed: string) => (key === 'RideHeight' ? typed.replace(/\s*mm$/, ' mm') : typed);

const session = useBrowserSession('car-record');
let carUrl = '';

const card = (name: string) => session.page.getByRole('region', { name, exact: true });
const toast = (text: string) => visible(session.page.getByRole('status').filter({ hasText: text }));
const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true });

test.describe('car record: the MX-5 of the demo season, entered through the UI', () => {
  test('sets up a team and adds the MX-5', async () => {
    await setupTeamThroughUi(session.page, session.server.url, OWNER);

    await session.page.getByRole('button', { name: 'Add New Car', exact: true }).click();
    const dialog = session.page.getByRole('dialog', { name: 'Add New Car' });
    await dialog.getByLabel('Car Name').fill(MX5.car.name);
    await dialog.getByLabel('Make & Model').fill(MX5.car.makeModel);
    await dialog.getByLabel('Year').fill(String(MX5.car.year));
    await dialog.getByLabel('Class').selectOption(MX5.car.carClass);
    await dialog.getByRole('button', { name: 'Add Car', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await session.page.getByRole('link', { name: MX5.car.name, exact: true }).click();
    await session.page.waitForURL(/\/car\/\d+$/);
    carUrl = session.page.url();
    for (const [name, empty] of [
      ['Gear Ratios', 'No gear ratio data available. Click edit to add gear ratios.'],
      ['Suspension & Alignment', 'No suspension data available yet.'],
      ['Tire Pressures', 'No tire pressure data available. Click edit to add tire pressures.'],
    ] as const) {
      await visible(card(name).getByText(empty, { exact: true }));
    }
    // The cards under Tire Pressures come a moment after the first screen (with a skeleton meanwhile).
    await visible(card('Maintenance History'));
    await expect(card('Maintenance History').getByText('Not recorded', { exact: true })).toHaveCount(6);
  });

  test('enters the published gear ratios; the speed calculator reproduces the published speeds', async () => {
    await session.page.getByRole('button', { name: 'Edit Gear Ratios' }).click();
    const form = session.page.getByRole('form', { name: 'Edit Gear Ratios' });
    await visible(form); // the car page's forms load on first use
    expect(await form.getByLabel('Gear', { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(MX5.gearRatios.map((g) => g.name));

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Ratio is required', { exact: true })).toHaveCount(7);

    for (const [i, gear] of MX5.gearRatios.entries()) {
      const row = group(form, `Row ${i + 1}`);
      await row.getByLabel('Ratio', { exact: true }).fill(gear.ratio);
      await row.getByLabel('Notes', { exact: true }).fill(gear.notes);
    }
    await form.getByLabel('Tire size').fill('205/45R17');
    await form.getByLabel('Max rpm').fill('7500');
    await form.getByRole('button', { name: 'Fill Speed Column' }).click();
    await visible(form.getByText('Speed filled for 6 gears.'));
    const speeds = await form.getByLabel('Speed (kph)', { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    MX5.gearRatios.forEach((gear, i) => {
      if (gear.speedAtMaxRpm) expect(Math.abs(Number(speeds[i]) - Number(gear.speedAtMaxRpm))).toBeLessThanOrEqual(0.1);
      else expect(speeds[i]).toBe('');
    });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Gear ratios updated successfully');
    await visible(card('Gear Ratios').getByRole('img', { name: /Gear chart/ }));
  });

  test('enters the suspension & alignment', async () => {
    await card('Suspension & Alignment').getByRole('button', { name: 'Add Suspension Data' }).click();
    const form = session.page.getByRole('form', { name: 'Edit Suspension & Alignment' });
    for (const axle of ['front', 'rear'] as const) {
      const fields = group(form, axle === 'front' ? 'Front' : 'Rear');
      for (const [key, label] of SETTINGS) await fields.getByLabel(`${axle === 'front' ? 'Front' : 'Rear'} ${label}`, { exact: true }).fill(MX5.suspension[`${axle}${key}`]!);
    }
    await form.getByLabel('Notes').fill(MX5.suspension.notes!);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Suspension settings updated successfully');
  });

  test('enters the tire pressures (the three default conditions are the demo ones)', async () => {
    await session.page.getByRole('button', { name: 'Edit Tire Pressures' }).click();
    const form = session.page.getByRole('form', { name: 'Edit Tire Pressures' });
    await visible(form); // the car page's forms load on first use
    expect(await form.getByLabel('Condition', { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(
      MX5.tirePressures.items.map((t) => t.condition),
    );
    for (const [i, item] of MX5.tirePressures.items.entries()) {
      const row = group(form, `Condition ${i + 1}`);
      for (const [key, label] of CORNERS) await row.getByLabel(label, { exact: true }).fill(item[key]);
    }
    await form.getByLabel('Note', { exact: true }).fill(MX5.tirePressures.notes);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Tire pressures updated successfully');
  });

  test('records a maintenance date', async () => {
    await session.page.getByRole('button', { name: 'Edit Maintenance History' }).click();
    const form = session.page.getByRole('form', { name: 'Edit Maintenance History' });
    await form.getByLabel('Engine Oil Change', { exact: true }).fill(MX5.maintenance.lastEngineOilChange!);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Maintenance history updated successfully');
  });

  test('adds a checklist item and ticks it off', async () => {
    const checklist = card('Car Checklist');
    const item = MX5.checklist[0]!;
    await checklist.getByRole('button', { name: 'Add Item' }).click();
    const form = session.page.getByRole('form', { name: 'Add Checklist Item' });
    await form.getByRole('button', { name: 'Add Item' }).click();
    await visible(form.getByText('Missing information: Please provide a title for the checklist item', { exact: true }));
    await form.getByLabel('Title').fill(item.title);
    await form.getByLabel('Description').fill(item.description);
    await form.getByLabel('Priority').selectOption(item.priority);
    await form.getByRole('button', { name: 'Add Item' }).click();
    await toast('Item added');
    const box = checklist.getByRole('checkbox', { name: item.title });
    await box.check();
    await expect.poll(() => box.isChecked()).toBe(true);
  });

  test('finds everything again after a reload', async () => {
    await session.page.goto(carUrl);
    const gears = card('Gear Ratios');
    await visible(gears.getByRole('table'));
    for (const gear of MX5.gearRatios) {
      const row = gears.getByRole('row', { name: new RegExp(`^${gear.name}\\b`) });
      await visible(row.getByText(gear.ratio, { exact: true }));
      if (gear.speedAtMaxRpm) await visible(row.getByText(gear.speedAtMaxRpm, { exact: true }));
    }
    await visible(gears.getByRole('img', { name: /Gear chart/ }));

    const suspension = card('Suspension & Alignment');
    for (const axle of ['front', 'rear'] as const) {
      const column = suspension.getByRole('region', { name: axle === 'front' ? 'Front' : 'Rear', exact: true });
      for (const [key] of SETTINGS) await visible(column.getByText(stored(key, MX5.suspension[`${axle}${key}`]!), { exact: true }).first());
    }
    await visible(suspension.getByText(MX5.suspension.notes!, { exact: true }));

    const tires = card('Tire Pressures');
    for (const item of MX5.tirePressures.items) {
      const row = tires.getByRole('row', { name: new RegExp(`^${item.condition.replace(/[()]/g, '\\$&')}`) });
      for (const [key] of CORNERS) await visible(row.getByText(item[key], { exact: true }).first());
    }
    await visible(tires.getByText('Note:', { exact: true }));
    await visible(tires.getByText(MX5.tirePressures.notes, { exact: true }));

    const oil = card('Maintenance History').getByRole('listitem', { name: 'Engine Oil Change' });
    await visible(oil.getByText('Oct 30, 2026', { exact: true }));
    await visible(oil.getByText(/\d+ days? ago/));
    await expect(card('Maintenance History').getByText('Not recorded', { exact: true })).toHaveCount(5);

    expect(await card('Car Checklist').getByRole('checkbox', { name: MX5.checklist[0]!.title }).isChecked()).toBe(true);

    const files = await screenshotAtViewports(session.page, 'car-record');
    expect(files).toHaveLength(2);
    // Phones: the page itself never scrolls sideways (tables and the chart scroll inside their cards).
    await session.page.setViewportSize(VIEWPORTS.phone);
    expect(await session.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await session.page.setViewportSize(VIEWPORTS.desktop);
  });
});
