import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { loggerOptions } from '../src/logging.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { DANA, sessionCookie, setupTeam, uploadImage } from './helpers.ts';

/**
 * Logs never hold secrets: the projector's failing batches (whose database errors carry the
 * batch's rows, password hashes included, and 'Failing row contains (…)'), a parked event, and a
 * failing request with a password in its body are logged without a hash or a password. Embedded
 * PGlite: its errors carry the statement's parameters.
 */
describe('log lines hold no secrets', () => {
  // A server of its own per test, its log captured: the first test changes the database under it.
  let output = '';
  let pitwall: Pitwall;
  beforeEach(async () => {
    output = '';
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = pino(loggerOptions({ LOG_LEVEL: 'trace' }), capture);
    const blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-logs-'));
    pitwall = await createPitwall(ConfigSchema.parse({ READ_YOUR_WRITES_TIMEOUT_MS: 15_000 }), { kind: 'memory' }, { blobDataDir, loggerInstance: logger, log: logger });
    return async () => {
      await pitwall.close();
      await rm(blobDataDir, { recursive: true, force: true });
    };
  });
  const passwords = ['paddock-2026', 'torque-108nm', 'S3cret-Wrench-77!', 'Pitlane-passw0rd-2026'];

  it('on a retried projector batch, a parked event and a failing request with a password', async () => {
    const { api, user } = await setupTeam(pitwall);
    const teamId = user.teams[0]!.teamId;
    const { db } = pitwall.deps;
    // The projector's first try of the next users row fails as a lost serialization race (retried),
    // a row for 'mallory' violates a check (parked), an append of 'eve' fails inside the event store.
    await db.exec(`
      CREATE SEQUENCE users_inserts;
      CREATE FUNCTION users_first_insert_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('users_inserts') = 1 THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER users_first_insert_fails BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_first_insert_fails();
      ALTER TABLE users ADD CONSTRAINT no_mallory CHECK (username <> 'mallory');
      CREATE FUNCTION refuse_eve() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.type = 'UserRegistered' AND NEW.data->>'username' = 'eve' THEN RAISE EXCEPTION 'append refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_eve BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_eve();`);
    const member = (username: string, password: string) => api.post(`/api/teams/${teamId}/members`, { username, password, firstName: 'Test', role: 'mechanic', memberColor: '#ff6600' });
    expect((await member('marco', 'torque-108nm')).statusCode).toBe(201);
    await member('mallory', 'S3cret-Wrench-77!');
    const eve = await pitwall.app.inject({ method: 'POST', url: '/api/auth/setup-team', payload: { teamName: 'Eve Racing', ownerName: 'Eve', email: 'eve@example.com', username: 'eve', password: 'Pitlane-passw0rd-2026' } });
    expect(eve.statusCode).toBe(500);

    // Each path was taken and logged …
    expect(output).toContain('projection batch failed; retrying');
    expect(output).toMatch(/"projection":"users".*parked/);
    expect(output).toContain('request failed');
    expect(output).toContain('could not serialize access');
    // … without a hash or a password.
    expect(output).not.toContain('$argon2');
    for (const password of passwords) expect(output).not.toContain(password);
  });

  it('on a multipart upload at trace level, without the session cookie busboy is given', async () => {
    await setupTeam(pitwall);
    const cookie = await sessionCookie(pitwall, DANA.username, DANA.password);
    const session = cookie.split('=')[1]!;
    output = '';
    await uploadImage(pitwall, cookie, 'not an image', 'image/jpeg');
    expect(output).toContain('Providing options to busboy');
    expect(output).not.toContain(session);
  });
});
