import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVICES = path.resolve(import.meta.dirname, '../..');

/** Every integration test file of the services, relative to services/. */
const intTestFiles = readdirSync(SERVICES).flatMap((service) => {
  const dir = path.join(SERVICES, service, 'test');
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.int.test.ts')).map((f) => path.join(service, 'test', f));
  } catch {
    return [];
  }
});

/**
 * A `describe` (or `describe.each(…)`, `describe.runIf(…)`) whose body is an async function: its
 * awaits run at collection, before any hook and also for the tests `-t` leaves out.
 */
const ASYNC_DESCRIBE = /\bdescribe(?:\.\w+)*(?:\([^()]*\))?\(\s*(?:'[^']*'|"[^"]*"|`[^`]*`)\s*,\s*(?:\{[^{}]*\}\s*,\s*)?async\b/;

describe('integration test files', () => {
  it('are found', () => expect(intTestFiles.length).toBeGreaterThan(50));

  it('set up in hooks, never in an async describe body at collection (services/server/README.md, "API tests")', () => {
    const offenders = intTestFiles.filter((file) => ASYNC_DESCRIBE.test(readFileSync(path.join(SERVICES, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises a describe body set up at collection', () => {
    expect(ASYNC_DESCRIBE.test("describe.each(databases)('tire sets, on $name', { timeout: 60_000 }, async (database) => {")).toBe(true);
    expect(ASYNC_DESCRIBE.test("describe('POST /api/auth/login', async () => {")).toBe(true);
    expect(ASYNC_DESCRIBE.test("describe.each(databases)('tire sets, on $name', (database) => {")).toBe(false);
  });
});
