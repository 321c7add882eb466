import path from 'node:path';
import { expect, type BrowserContext } from '@playwright/test';
import { importSeason } from '../../services/server/src/seed/import-season.ts';
import { loadSeasonFile } from '../../services/server/src/seed/season-file.ts';
import { REPO_ROOT } from './server.ts';
import type { BrowserSession } from './session.ts';

/**
 * Imports data/demo-season.json into `session.server` (the README's seed) and opens a phone
 * context (touch, `viewport`) signed in as its owner. Answers the context and the id of the
 * season's MX-5 #27, whose race events include Laguna Seca.
 */
export async function demoSeasonOnPhone(session: BrowserSession, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; carId: number }> {
  const season = await loadSeasonFile(path.join(REPO_ROOT, 'data/demo-season.json'));
  await importSeason(season, { baseUrl: session.server.url });
  const context = await session.browser.newContext({ viewport, hasTouch: true, isMobile: true, baseURL: session.server.url });
  const login = await context.request.post('/api/auth/login', { data: { username: season.setup.username, password: season.setup.password, loginType: 'admin' }, headers: { Origin: session.server.url } });
  expect(login.status(), await login.text()).toBe(200);
  const cars = (await (await context.request.get('/api/cars')).json()) as { id: number; name: string }[];
  return { context, carId: cars.find((c) => c.name === 'MX-5 #27')!.id };
}
