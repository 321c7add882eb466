import { expect } from 'vitest';
import type { client } from './helpers.ts';

/** Every GET of one team's resources, for comparing two instances' answers (team export/import, migration). */

type Api = ReturnType<typeof client>;

/** The answer with ids and image keys blanked: what must be equal between the source and the copy. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value === 'string') return value.replace(/img\/\d{4}\/\d{2}\/[0-9a-f-]{36}/g, 'img/KEY').replace(/"?\/api\/[^\s"]*\d+[^\s"]*/g, (u) => u.replace(/\d+/g, 'N'));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /(^id$|Id$|Ids$|^position$|Position$)/.test(k) ? (v === null ? null : 'ID') : withoutIds(v)]));
}

/** Every GET of team `teamId`'s resources, keyed by route, ids blanked; the members' accounts, activity and awaited passwords compared apart. */
export async function teamResources(api: Api, teamId: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async <T,>(key: string, url: string): Promise<T> => {
    const res = await api.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const body = res.json() as T;
    out[key] = withoutIds(body);
    return body;
  };
  await get('settings', `/api/teams/${teamId}/settings`);
  const members = (await api.get(`/api/teams/${teamId}/members`)).json() as Record<string, unknown>[];
  out.members = withoutIds(members.map(({ username: _u, isActive: _a, awaitsPassword: _p, userId: _id, ...m }) => m));
  const parts = await get<{ id: number; name: string }[]>('parts', `/api/teams/${teamId}/parts`);
  for (const p of parts) await get(`part ${p.name} life`, `/api/teams/${teamId}/parts/${p.id}/life`);
  // The tire sets with their earlier use and life (the sessions that ran on them).
  await get('tire sets', `/api/teams/${teamId}/tire-sets`);
  const cars = ((await api.get('/api/cars')).json() as { id: number; teamId: number; name: string }[]).filter((c) => c.teamId === teamId);
  out.cars = withoutIds(cars);
  for (const car of cars) {
    const c = `/api/cars/${car.id}`;
    for (const view of ['', '/gear-ratios', '/suspension', '/tire-pressures', '/setup-sheet', '/checklist', '/images', '/issues', '/parts', '/tire-pressure-targets', '/history']) await get(`${car.name}${view}`, `${c}${view}`);
    const events = await get<{ id: number; name: string }[]>(`${car.name} events`, `${c}/events`);
    for (const e of events) {
      await get(`${car.name} ${e.name}`, `${c}/events/${e.id}`);
      await get(`${car.name} ${e.name} issues`, `${c}/events/${e.id}/issues`);
      await get(`${car.name} ${e.name} setup sheet`, `${c}/events/${e.id}/setup-sheet`);
      const sessions = await get<{ id: number; name: string }[]>(`${car.name} ${e.name} sessions`, `${c}/events/${e.id}/sessions`);
      for (const s of sessions) {
        await get(`${car.name} ${e.name} ${s.name}`, `${c}/events/${e.id}/sessions/${s.id}`);
        await get(`${car.name} ${e.name} ${s.name} setup`, `${c}/events/${e.id}/sessions/${s.id}/setup`);
      }
    }
  }
  return out;
}

