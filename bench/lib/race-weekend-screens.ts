import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/** One screen of a race weekend as the paddock section opens it: by URL, waiting for its content. */
export interface RaceWeekendScreen {
  /** Short name for the result line ('run sheet'). */
  name: string;
  /** What 'content' means on it ('to its best lap'). */
  content: string;
  /** The screen's URL path on the demo season. */
  path: string;
  /** JavaScript evaluated in the page: true once the content shows (see contentScript). */
  check: string;
  /** The API GETs that answer the data it shows: the plain page's baseline fetches their answers as one JSON. */
  api: string[];
}

/** Text of the elements `selector` matches, as a JavaScript expression over the page (for a `check`). */
const texts = (selector: string) => `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.textContent.trim())`;

/** A run sheet's content check: its 'Best lap' holds a time. */
const BEST_LAP_SHOWN = `[...document.querySelectorAll('dt')].some((dt) => dt.textContent === 'Best lap' && /\\d/.test(dt.nextElementSibling?.textContent ?? ''))`;

/** Sends a GET to Pitwall with the session `cookie`; answers the parsed JSON. @throws Error naming the path on a non-OK answer. */
async function get<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The screens of a race weekend on the demo season (data/demo-season.json): the MX-5 #27's car
 * page (to its setup cards) and parts tab (to its first part), and its 'Spring Sprint Round 1'
 * race event's overview (to its technical setup), Sessions tab (to the session cards) and the run
 * sheet of its first session with laps (to its best lap).
 * @throws when the demo season lacks that car, race event or session.
 */
export async function raceWeekendScreens(baseUrl: string, cookie: string): Promise<RaceWeekendScreen[]> {
  const cars = await get<{ id: number; name: string }[]>(baseUrl, '/api/cars', cookie);
  const carId = cars.find((c) => c.name === 'MX-5 #27')?.id;
  if (carId === undefined) throw new Error('the demo season has no MX-5 #27');
  const raceEvents = await get<{ id: number; name: string }[]>(baseUrl, `/api/cars/${carId}/events`, cookie);
  const raceEventId = raceEvents.find((e) => e.name === 'Spring Sprint Round 1')?.id;
  if (raceEventId === undefined) throw new Error('the demo season has no Spring Sprint Round 1');
  const eventPath = `/api/cars/${carId}/events/${raceEventId}`;
  const sessions = await get<{ id: number; bestLapMs: number | null }[]>(baseUrl, `${eventPath}/sessions`, cookie);
  const sessionId = sessions.find((s) => s.bestLapMs !== null)?.id;
  if (sessionId === undefined) throw new Error('Spring Sprint Round 1 has no session with laps');
  const car = `/api/cars/${carId}`;
  return [
    {
      name: 'car page',
      content: 'its setup cards (the suspension\'s values)',
      path: `/car/${carId}`,
      check: `document.querySelector('section[aria-label="Front"]') && ${texts('h2, h3')}.includes('Tire Pressures')`,
      api: [car, `${car}/gear-ratios`, `${car}/suspension`, `${car}/corner-weights`, `${car}/tire-pressures`, `${car}/tire-pressure-targets`, `${car}/checklist`],
    },
    {
      name: 'race event overview',
      content: 'its technical setup',
      path: `/car/${carId}/events/${raceEventId}`,
      check: `${texts('[aria-label="Tire Pressures"]')}.some((t) => /configuration/.test(t))`,
      api: [eventPath, `${car}/events`, `${eventPath}/issues`, `${eventPath}/carried-over`, `${car}/gear-ratios?eventId=${raceEventId}`, `${car}/suspension?eventId=${raceEventId}`, `${car}/tire-pressures?eventId=${raceEventId}`],
    },
    {
      name: 'Sessions tab',
      content: 'the session cards',
      path: `/car/${carId}/events/${raceEventId}/sessions`,
      check: `document.querySelector('ul[aria-label="Sessions in running order"] li')`,
      api: [eventPath, `${eventPath}/sessions`],
    },
    {
      name: 'run sheet',
      content: 'its best lap',
      path: `/car/${carId}/events/${raceEventId}/sessions/${sessionId}`,
      check: BEST_LAP_SHOWN,
      api: [eventPath, `${eventPath}/sessions`],
    },
    {
      name: 'parts tab',
      content: 'its first part',
      path: `/car/${carId}?tab=parts`,
      check: `document.querySelector('[role="tabpanel"] section[aria-label] li')`,
      api: [car, `${car}/parts`],
    },
  ];
}

/** Laps of the long race the run sheet screen holds: a 24-hour kart race on a short track runs about this many. */
const LONG_RACE_LAPS = 1_500;

/**
 * Adds to the demo season's 'Spring Sprint Round 1' (MX-5 #27) a race session of LONG_RACE_LAPS laps
 * (58–59 s each, an out lap first, a pit stop every 150 laps as an in lap) and answers its run sheet
 * as a screen (to its best lap), opened like the others.
 * @throws Error naming the request that Pitwall refused.
 */
export async function longRaceScreen(baseUrl: string, cookie: string): Promise<RaceWeekendScreen> {
  const cars = await get<{ id: number; name: string }[]>(baseUrl, '/api/cars', cookie);
  const carId = cars.find((c) => c.name === 'MX-5 #27')!.id;
  const raceEventId = (await get<{ id: number; name: string }[]>(baseUrl, `/api/cars/${carId}/events`, cookie)).find((e) => e.name === 'Spring Sprint Round 1')!.id;
  const eventPath = `/api/cars/${carId}/events/${raceEventId}`;
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { cookie, 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const session = await send('POST', `${eventPath}/sessions`, { name: '24 Hours', type: 'race', startedAt: '2026-04-18T12:00:00Z' });
  const laps = Array.from({ length: LONG_RACE_LAPS }, (_, i) => ({ lapTimeMs: 58_000 + ((i * 37) % 1_000), kind: i === 0 ? 'out' : i % 150 === 149 ? 'in' : i % 150 === 0 ? 'out' : 'timed', sectorsMs: [], driverName: null }));
  await send('PUT', `${eventPath}/sessions/${session.id}/laps`, { laps });
  return {
    name: `race run sheet of ${LONG_RACE_LAPS} laps`,
    content: 'its best lap',
    path: `/car/${carId}/events/${raceEventId}/sessions/${session.id}`,
    check: BEST_LAP_SHOWN,
    api: [eventPath, `${eventPath}/sessions`],
  };
}

/** The plain page's content check: the <article> it renders once its one fetch is answered. */
export const PLAIN_CONTENT = `document.querySelector('article')`;

/**
 * The baseline of a screen: a plain HTML page that fetches the same data (the answers of
 * `screen.api`, fetched from Pitwall now, served as one JSON) and renders it as text in an
 * <article>. Answers its URL and a close function.
 */
export async function startPlainScreen(baseUrl: string, cookie: string, screen: RaceWeekendScreen): Promise<{ url: string; close(): Promise<void> }> {
  const data = await Promise.all(screen.api.map((path) => get<unknown>(baseUrl, path, cookie)));
  const app = Fastify({ logger: false });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>plain</title></head><body><main id="root">Loading…</main><script>
fetch('/data.json').then((r) => r.json()).then((data) => {
  const article = document.createElement('article');
  for (const answer of data) { const pre = document.createElement('pre'); pre.textContent = JSON.stringify(answer, null, 1); article.appendChild(pre); }
  document.getElementById('root').replaceChildren(article);
});</script></body></html>`;
  app.get('/', async (_req, reply) => reply.type('text/html').send(html));
  app.get('/data.json', async () => data);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`, close: () => app.close() };
}
