import { describe, expect, it } from 'vitest';
import { formatLapTime, lapStatistics, parseLapTime, parseTimingExport, type LapValue } from '../src/sessions.ts';

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
    ['9.999', 'outside 10 s – 30 min'],
    ['30:00.001', 'outside 10 s – 30 min'],
  ])('refuses %j (%s)', (text, message) => {
    const reading = parseLapTime(text);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toContain(message);
  });

  it('formats ms back as m:ss.fff, the inverse of the parser', () => {
    for (const ms of [10_000, 59_999, 102_318, 1_800_000]) expect(parseLapTime(formatLapTime(ms))).toEqual({ ok: true, ms });
    expect(formatLapTime(102_050)).toBe('1:42.050');
  });
});

describe('lapStatistics', () => {
  const lap = (lapTimeMs: number, kind: LapValue['kind'] = 'timed'): LapValue => ({ lapTimeMs, kind });

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

describe('parseTimingExport', () => {
  it('reads a CSV export with a header, lap numbers and kinds', () => {
    const { laps, problems } = parseTimingExport('Lap,Time,Flag\n1,1:55.201,OUT\n2,1:43.100,\n3;1.42.318\n4\t1:50.9\tpit\n');
    expect(problems).toEqual([]);
    expect(laps.map((l) => [l.lineNumber, l.lapNumber, l.lapTimeMs, l.kind])).toEqual([
      [2, 1, 115_201, 'out'],
      [3, 2, 103_100, 'timed'],
      [4, 3, 102_318, 'timed'],
      [5, 4, 110_900, 'in'],
    ]);
  });

  it('reads plain lines of a lap number and a time, or a time alone, skipping blank lines', () => {
    const { laps, problems } = parseTimingExport('1 1:44.5\n\n2 102.9 invalid\n1:41.950');
    expect(problems).toEqual([]);
    expect(laps.map((l) => [l.lapNumber, l.time, l.kind])).toEqual([[1, '1:44.5', 'timed'], [2, '102.9', 'invalid'], [null, '1:41.950', 'timed']]);
  });

  it('names every line it cannot read, with the reason, and keeps the readable ones', () => {
    const { laps, problems } = parseTimingExport('1 1:44.5\n2 1:4x.5\n3 5.2\nyellow flag\n4 1:42.0 1:43.0');
    expect(laps).toHaveLength(1);
    expect(problems.map((p) => [p.lineNumber, p.line])).toEqual([[2, '2 1:4x.5'], [3, '3 5.2'], [4, 'yellow flag'], [5, '4 1:42.0 1:43.0']]);
    expect(problems[1]!.message).toContain('outside 10 s – 30 min');
    expect(problems[2]!.message).toBe('no lap time');
    expect(problems[3]!.message).toContain('more than one lap time');
  });
});
