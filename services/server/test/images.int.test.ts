import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { databases, eventCount, sessionCookie, uploadImage } from './helpers.ts';
import { givenTeam, testServer, type Api } from './scenario.ts';

const jpeg = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c8102e' } }).jpeg().toBuffer();

/** Each test has a team and car of its own and a rival team, both signed in (beforeEach). */
describe.each(databases)('images API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let rival: Api;
  let car: { id: number };
  let owner: string;
  let other: string;
  beforeEach(async () => {
    const { pitwall } = server;
    const team = await givenTeam(pitwall, { car: true });
    ({ api, car } = team);
    const rivalTeam = await givenTeam(pitwall);
    rival = rivalTeam.api;
    owner = await sessionCookie(pitwall, team.username, 'paddock-2026');
    other = await sessionCookie(pitwall, rivalTeam.username, 'paddock-2026');
  });
  const upload = (bytes: Buffer | string, type: string, cookie = owner, field = 'image') => uploadImage(server.pitwall, cookie, bytes, type, field);

  describe('POST /api/upload', () => {
    it('stores a JPEG under a generated name and serves it and its WebP thumbnail to the team only', async () => {
      const res = await upload(await jpeg(), 'image/jpeg');
      expect(res.statusCode).toBe(201);
      const { url, thumbnailUrl } = res.json() as { url: string; thumbnailUrl: string };
      expect(url).toMatch(/^\/api\/images\/img\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
      const full = await server.pitwall.app.inject({ method: 'GET', url, headers: { cookie: owner } });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);
      const thumb = await server.pitwall.app.inject({ method: 'GET', url: thumbnailUrl, headers: { cookie: owner } });
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
      expect((await server.pitwall.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(404);
      expect((await server.pitwall.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('decides the type by the bytes: a script sent as image/png, or an SVG, is refused and nothing is recorded', async () => {
      const before = await eventCount(server.pitwall);
      const script = await upload(`\x89PNG\r\n\x1a\n<script>alert(1)</script>`, 'image/png');
      expect(script.statusCode).toBeGreaterThanOrEqual(400);
      expect(script.statusCode).toBeLessThan(500);
      const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
      expect(svg.statusCode).toBe(415);
      expect(svg.json().message).toBeTruthy();
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('answers 413 beyond the size limit and 400 without a file', async () => {
      expect((await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'image/jpeg')).statusCode).toBe(413);
      expect((await upload(await jpeg(), 'image/jpeg', owner, 'photo')).json().message).toMatch(/field `image`/);
    });
  });

  describe('gallery', () => {
    it('adds an uploaded image with caption and description; another team’s upload is refused', async () => {
      const { url } = (await upload(await jpeg(), 'image/jpeg')).json() as { url: string };
      const added = await api.post(`/api/cars/${car.id}/images`, { carId: car.id, url, caption: 'Corkscrew', description: 'Turn 8 entry' });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ url, caption: 'Corkscrew', description: 'Turn 8 entry', eventId: null, thumbnailUrl: `${url}?size=thumb` });
      expect((await api.get(`/api/cars/${car.id}/images`)).json()).toHaveLength(1);
      const theirs = (await upload(await jpeg(), 'image/jpeg', other)).json() as { url: string };
      expect((await api.post(`/api/cars/${car.id}/images`, { url: theirs.url })).json()).toEqual({ message: 'url: upload the image to this team first (POST /api/upload)' });
      expect((await rival.get(`/api/cars/${car.id}/images`)).statusCode).toBe(404);
    });
  });
});
