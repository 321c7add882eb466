import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../src/answer-cache.ts';

/** A cache on a clock the test moves, and a load that counts its calls and answers `value`. */
function given(ttlMs: number) {
  let now = 0;
  const cache = new AnswerCache(ttlMs, () => now);
  const loads = { count: 0 };
  const load = (value: string | null) => async () => {
    loads.count++;
    return value;
  };
  return { cache, loads, load, advance: (ms: number) => (now += ms) };
}

describe('AnswerCache', () => {
  it('answers a kept answer without loading until it is ttlMs old', async () => {
    const { cache, loads, load, advance } = given(1000);
    expect(await cache.get('k', load('rows 1'))).toBe('rows 1');
    advance(999);
    expect(await cache.get('k', load('rows 2'))).toBe('rows 1');
    expect(loads.count).toBe(1);
    advance(1);
    expect(await cache.get('k', load('rows 2'))).toBe('rows 2');
    expect(loads.count).toBe(2);
  });

  it('loads again after invalidate(), and keeps answers apart by key', async () => {
    const { cache, load } = given(1000);
    await cache.get('car 1', load('car 1 rows'));
    await cache.get('car 2', load('car 2 rows'));
    expect(await cache.get('car 1', load('other'))).toBe('car 1 rows');
    cache.invalidate();
    expect(await cache.get('car 1', load('car 1 saved'))).toBe('car 1 saved');
    expect(await cache.get('car 2', load('car 2 saved'))).toBe('car 2 saved');
  });

  it('does not keep a null answer (not found asks again)', async () => {
    const { cache, loads, load } = given(1000);
    expect(await cache.get('k', load(null))).toBeNull();
    expect(await cache.get('k', load('rows'))).toBe('rows');
    expect(loads.count).toBe(2);
  });

  it('answers but does not keep a load that a commit overlapped: it may have read the rows from before it', async () => {
    const { cache, load } = given(1000);
    let release!: (rows: string) => void;
    const reading = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('rows before the commit');
    expect(await reading).toBe('rows before the commit');
    expect(await cache.get('k', load('rows after the commit'))).toBe('rows after the commit');
  });

  it('keeps nothing with ttlMs 0 (the roles whose read models another process writes)', async () => {
    const { cache, loads, load } = given(0);
    await cache.get('k', load('rows 1'));
    expect(await cache.get('k', load('rows 2'))).toBe('rows 2');
    expect(loads.count).toBe(2);
  });
});
