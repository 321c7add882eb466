import { describe, expect, it } from 'vitest';
import { formatLapTime, lapStatistics, parseLapTime, type LapValue } from '../src/sessions.ts';

describe('parseLapTime', () => {
  it.each([
    ['1:42.318', 102_318],
    ['102.318', 102_318],
    ['1.42.318', 102_318],
    [' 1:42.3 ', 102_300],
    ['1:42', 102_000],
    ['42.5', 42_500],
    ['10', 10_000],
    ['30:00.000', 1_800_000],
    ['0:59.999', 59_999],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseLapTime(text)).toEqual({ ok: true, ms });
  });

  it.each([
    ['', 'is not a lap time'],
    ['1:4x.3', 'is not a lap time'],
    ['1:42.3181', 'is not a lap time'],
    ['-1:42.318', 'is not a lap time'],
    ['1:60.000', 'seconds after the minutes must be 00–59'],
    ['9.999', 'outside 10 s – 24 h'],
    ['24:00:00.001', 'outside 10 s – 24 h'],
    ['1:60:00.000', 'minutes after the hours must be 00–59'],
  ])('refuses %j (%s)', (text, message) => {
    const reading = parseLapTime(text);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toContain(message);
  });

  it('reads decimal commas as European timing sheets write them', () => {
    expect(parseLapTime('2:40,9')).toEqual({ ok: true, ms: 160_900 });
    expect(parseLapTime('1:09,87')).toEqual({ ok: true, ms: 69_870 });
    expect(parseLapTime('57,448')).toEqual({ ok: true, ms: 57_448 });
  });

  it('reads and writes a garage lap of hours (BMW #20 at Le Mans 2024: 17:31:33)', () => {
    expect(parseLapTime('17:31:33.000')).toEqual({ ok: true, ms: 63_093_000 });
    expect(formatLapTime(63_093_000)).toBe('17:31:33.000');
    expect(formatLapTime(3_600_000)).toBe('1:00:00.000');
  });

  it('formats ms back as m:ss.fff, the inverse of the parser', () => {
    for (const ms of [10_000, 59_999, 102_318, 1_800_000, 3_723_004, 86_400_000]) expect(parseLapTime(formatLapTime(ms))).toEqual({ ok: true, ms });
    expect(formatLapTime(102_050)).toBe('1:42.050');
  });
});

describe('lapStatistics', () => {
  const lap = (lapTimeMs: number, kind: LapValue['kind'] = 'timed'): Pick<LapValue, 'lapTimeMs' | 'kind'> => ({ lapTimeMs, kind });

  it('counts timed laps only: best, count and the mean of the best three, rounded to the ms', () => {
    const laps = [lap(95_000, 'out'), lap(103_100), lap(102_900), lap(90_000, 'invalid'), lap(102_318), lap(104_000), lap(99_000, 'in')];
    expect(lapStatistics(laps)).toEqual({ bestLapMs: 102_318, timedLapCount: 4, averageBestThreeMs: 102_773 });
  });

  it('has no average with fewer than three timed laps, and no best without one', () => {
    expect(lapStatistics([lap(102_000), lap(101_000)])).toEqual({ bestLapMs: 101_000, timedLapCount: 2, averageBestThreeMs: null });
    expect(lapStatistics([lap(102_000, 'out')])).toEqual({ bestLapMs: null, timedLapCount: 0, averageBestThreeMs: null });
    expect(lapStatistics([])).toEqual({ bestLapMs: null, timedLapCount: 0, averageBestThreeMs: null });
  });
});
