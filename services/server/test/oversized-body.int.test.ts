import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../src/app.ts';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { sessionCookie, setupTeam } from './helpers.ts';

/**
 * An oversized body must reach every client as the 413 `{ message }`, over a REAL socket: the
 * server reads (and discards, bounded) the rest of the body before it answers, so the client is
 * never reset (ECONNRESET/EPIPE) while it is still sending. app.inject cannot show this.
 */
const UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
const TRIES = 20;

interface Answer {
  status: number;
  body: string;
}

/** POSTs `body` with fetch (undici, as a browser would: the whole body is sent) and answers the status and body, or rejects with the socket error. */
async function post(port: number, url: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers, body: new Uint8Array(body) });
  return { status: response.status, body: await response.text() };
}

/** A multipart/form-data body with one file field `image` of `size` bytes. */
async function multipartUpload(size: number): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(size).fill(1)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = new Response(form);
  return { contentType: response.headers.get('content-type')!, body: Buffer.from(await response.arrayBuffer()) };
}

/** Runs `send` TRIES times and answers how each ended: `413 <message>` or the socket error's code. */
async function outcomes(send: () => Promise<Answer>): Promise<string[]> {
  const results: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    try {
      const answer = await send();
      results.push(`${answer.status} ${(JSON.parse(answer.body) as { message: string }).message}`);
    } catch (error) {
      const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
      results.push(`socket error ${cause?.code ?? cause?.message ?? String(error)}`);
    }
  }
  return results;
}

describe('oversized bodies over a real socket', { timeout: 60_000 }, () => {
  let pitwall: Pitwall;
  let port: number;
  let cookie: string;
  let blobDataDir: string;

  beforeAll(async () => {
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-oversized-'));
    pitwall = await createPitwall(ConfigSchema.parse({ UPLOAD_MAX_BYTES, READ_YOUR_WRITES_TIMEOUT_MS: 15_000 }), { kind: 'memory' }, { blobDataDir });
    await setupTeam(pitwall, { username: 'sender' });
    cookie = await sessionCookie(pitwall, 'sender', 'paddock-2026');
    await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
    port = (pitwall.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await pitwall.close();
    await rm(blobDataDir, { recursive: true, force: true });
  });

  it(`POST /api/upload beyond UPLOAD_MAX_BYTES answers 413 with its message ${TRIES} of ${TRIES} times`, async () => {
    const { contentType, body } = await multipartUpload(UPLOAD_MAX_BYTES * 2);
    const results = await outcomes(() => post(port, '/api/upload', { cookie, 'content-type': contentType }, body));
    expect(results).toEqual(Array(TRIES).fill('413 The file is too large: at most 4 MB can be uploaded.'));
  });

  it(`a JSON body beyond 256 KiB answers 413 with its message ${TRIES} of ${TRIES} times`, async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES * 2) }));
    const results = await outcomes(() => post(port, '/api/cars', { cookie, 'content-type': 'application/json' }, body));
    expect(new Set(results)).toEqual(new Set(['413 Request body is too large']));
  });

  it(`an upload without a session answers 401 with its message ${TRIES} of ${TRIES} times (answered before the body is read)`, async () => {
    const { contentType, body } = await multipartUpload(UPLOAD_MAX_BYTES / 2);
    const results = await outcomes(() => post(port, '/api/upload', { 'content-type': contentType }, body));
    expect(new Set(results)).toEqual(new Set(['401 Not signed in']));
  });
});
