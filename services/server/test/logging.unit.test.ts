import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@pitwall/read-models';
import { serializeError } from '../src/logging.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

describe('serializeError', () => {
  it("keeps what failed and where, and drops a database error's parameters, query and failing row", () => {
    // What PGlite throws for a projection batch: the batch's rows ride along as `params`.
    const error = Object.assign(new Error('new row for relation "users" violates check constraint "no_mallory"'), {
      code: '23514', severity: 'ERROR', table: 'users', constraint: 'no_mallory', routine: 'ExecConstraints',
      detail: `Failing row contains (7, mallory, ${HASH}).`, where: 'SQL statement "INSERT INTO users …"', query: 'SELECT pitwall_apply_batch($1::text[], $2::jsonb)',
      params: [['INSERT …'], `[[{"password_hash":"${HASH}"}]]`], queryOptions: {}, internalQuery: 'INSERT …',
    });
    const logged = serializeError(error) as Record<string, unknown>;
    expect(Object.keys(logged).sort()).toEqual(['code', 'constraint', 'message', 'routine', 'severity', 'stack', 'table', 'type']);
    expect(logged).toMatchObject({ type: 'Error', code: '23514', table: 'users', constraint: 'no_mallory' });
    expect(JSON.stringify(logged)).not.toContain('$argon2');
  });

  it('scrubs a password hash out of a message, a cause and a plain string', () => {
    const error = new Error('request failed', { cause: new Error(`invalid input syntax for type integer: "${HASH}"`) });
    expect(JSON.stringify(serializeError(error))).not.toContain('$argon2');
    expect(serializeError(`bad value ${HASH}`)).toBe('bad value [Redacted]');
    expect(serializeError(42)).toBe(42);
  });

  it('serialises the errors of an AggregateError the same way', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 5432, params: ['secret'] });
    const logged = serializeError(new AggregateError([inner], 'all attempts failed')) as { aggregateErrors: Record<string, unknown>[] };
    expect(logged.aggregateErrors[0]).toMatchObject({ code: 'ECONNREFUSED', address: '127.0.0.1', port: 5432 });
    expect(logged.aggregateErrors[0]).not.toHaveProperty('params');
  });
});

describe('redactSecrets', () => {
  it('replaces argon2, scrypt and bcrypt hashes wherever they stand, and leaves other text alone', () => {
    expect(redactSecrets(`(7, dana, ${HASH}, t)`)).toBe('(7, dana, [Redacted], t)');
    expect(redactSecrets(`"${HASH}"`)).toBe('"[Redacted]"');
    expect(redactSecrets('$2b$12$abcdefghijklmnopqrstuv hash')).toBe('[Redacted] hash');
    expect(redactSecrets('$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA')).toBe('[Redacted]');
    expect(redactSecrets('costs $2 and $argon2 is a word')).toBe('costs $2 and $argon2 is a word');
  });
});
