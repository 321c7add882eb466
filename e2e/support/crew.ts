import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { visible, VIEWPORTS } from './browser.ts';
import { demoSeasonOnPhone } from './demo-season.ts';
import type { BrowserSession } from './session.ts';

/** Ana, added to the demo season's team by `demoSeasonCrew`; Sam, a mechanic the season already has. */
const ANA = { username: 'ana', password: 'setup-sheet-38', firstName: 'Ana', lastName: 'Moreau' };
const SAM = { username: 'sam', password: 'pitboard-42' };

/** Two crew members of the demo season's team, each signed in in a browser context of their own. */
export interface DemoSeasonCrew {
  /** The owner's phone context (demoSeasonOnPhone). */
  owner: BrowserContext;
  /** The season's MX-5 #27. */
  carId: number;
  /** Ana on a laptop (1280×800). */
  ana: Page;
  /** Sam on a phone (390×844); with touch when `samOnTouchPhone`. */
  sam: Page;
}

/** Imports the demo season, adds Ana to its team and signs Ana and Sam in, each in a new context. */
export async function demoSeasonCrew(session: BrowserSession, options: { samOnTouchPhone: boolean }): Promise<DemoSeasonCrew> {
  const { context: owner, carId } = await demoSeasonOnPhone(session, VIEWPORTS.phone);
  const { teamId } = (await (await owner.request.get(`/api/cars/${carId}`)).json()) as { teamId: number };
  const added = await owner.request.post(`/api/teams/${teamId}/members`, { data: { ...ANA, role: 'mechanic', memberColor: '#0ea5e9' }, headers: { Origin: session.server.url } });
  expect(added.status(), await added.text()).toBe(201);
  const ana = await signedInMember(session, ANA, VIEWPORTS.desktop);
  const sam = await signedInMember(session, SAM, VIEWPORTS.phone, options.samOnTouchPhone);
  return { owner, carId, ana, sam };
}

/**
 * A page of its own new browser context, signed in as a team member (`loginType: 'member'`, the
 * browser's Origin sent); `mobile` adds touch and the mobile flag to the context.
 */
async function signedInMember(
  session: BrowserSession,
  credentials: { username: string; password: string },
  viewport: { width: number; height: number },
  mobile = false,
): Promise<Page> {
  const context = await session.browser.newContext({ viewport, baseURL: session.server.url, ...(mobile ? { hasTouch: true, isMobile: true } : {}) });
  const login = await context.request.post('/api/auth/login', { data: { username: credentials.username, password: credentials.password, loginType: 'member' }, headers: { Origin: session.server.url } });
  expect(login.status(), await login.text()).toBe(200);
  return session.openPage(context, { label: credentials.username });
}

/** Waits for the toast (status region) holding `text`. */
export const toast = (page: Page, text: string): Promise<void> => visible(page.getByRole('status').filter({ hasText: text }).first());

/** Opens FP2 of the demo season's Spring Sprint Round 1 on `page`; answers its Tire Pressures region (the run sheet's pressure form). */
export async function openFp2(page: Page, carId: number): Promise<Locator> {
  await page.goto(`/car/${carId}/events`);
  await page.getByRole('button', { name: /Spring Sprint Round 1/ }).click();
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await page.getByRole('button', { name: 'Open FP2' }).click();
  const pressures = page.getByRole('region', { name: 'Tire Pressures', exact: true });
  await visible(pressures.getByLabel('Hot Front Left', { exact: true }));
  return pressures;
}

/** Opens the car's 'Edit Suspension & Alignment' form on `page`; answers the form. */
export async function openSuspensionForm(page: Page, carId: number): Promise<Locator> {
  await page.goto(`/car/${carId}`);
  await page.getByRole('region', { name: 'Suspension & Alignment', exact: true }).getByRole('button', { name: 'Edit Suspension & Alignment' }).click();
  const form = page.getByRole('form', { name: 'Edit Suspension & Alignment' });
  await visible(form.getByLabel('Front Camber', { exact: true }));
  return form;
}
