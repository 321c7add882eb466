import type { BrowserContext, Page } from '@playwright/test';
import { requestJson } from './request.ts';
import type { BrowserSession } from './session.ts';

/** A request of a signed-in context, answering the parsed body; fails the test on an error status. */
export type TeamApi = <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => Promise<T>;

/** What `newTeamOnPhone` sets up. */
export interface PhoneTeam {
  /** The owner's phone context (390×844, touch), signed in by the team's setup. */
  context: BrowserContext;
  /** A page of that context. */
  page: Page;
  /** MX-5 #27. */
  carId: number;
  /** Spring Sprint at Laguna Seca on 2026-11-28, track length 3.2 km (the distance sessions add). */
  raceEventId: number;
  api: TeamApi;
}

/**
 * A new team set up through the API (Apex Garage Racing, owner dana) in a new phone context, with
 * one car and one race event; the browser's Origin is sent with every request.
 */
export async function newTeamOnPhone(session: BrowserSession): Promise<PhoneTeam> {
  const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: session.server.url });
  const api: TeamApi = <T,>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => requestJson<T>(context, session.server.url, method, url, data);
  await api('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' });
  const carId = (await api<{ id: number }>('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, color: '#c8102e', carClass: 'Other' })).id;
  const raceEventId = (await api<{ id: number }>('POST', `/api/cars/${carId}/events`, { name: 'Spring Sprint', location: 'Laguna Seca', date: '2026-11-28', trackLength: '3.2 km' })).id;
  const page = await session.openPage(context);
  return { context, page, carId, raceEventId, api };
}
