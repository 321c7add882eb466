import { describe, expect, it } from 'vitest';
import { classifyRound, DEFAULT_POINTS, standingsOf, type RoundResultValue } from '../src/index.ts';

const result = (number: string, klass: string, position: number, laps: number, status: RoundResultValue['status'] = 'classified', pole = false): RoundResultValue =>
  ({ number, class: klass, position, laps, bestLapMs: null, status, pole });

describe('a round read per class', () => {
  it('numbers the classified cars of each class in overall order, counts laps behind the class winner and scores them', () => {
    const table = { points: [...DEFAULT_POINTS], polePoints: 1 };
    const round = classifyRound([
      result('12', 'GT4', 4, 10, 'dnf'),
      result('007', 'GT4', 2, 30),
      result('3', 'Cup', 3, 29, 'classified', true),
      result('7', 'GT4', 1, 31, 'classified', true),
      result('44', 'GT4', 5, 28, 'dsq'),
      result('9', 'GT4', 6, 29),
    ], table);
    // By hand: GT4 7 wins (25 + 1 pole), 007 second on laps 30 (1 behind, 18), 9 third (2 behind, 15);
    // 12 (dnf) and 44 (dsq) are not classified and score nothing; Cup 3 wins its class (25 + 1 pole).
    expect(round.map((r) => [r.number, r.classPosition, r.gapLaps, r.points])).toEqual([
      ['7', 1, 0, 26], ['007', 2, 1, 18], ['3', 1, 0, 26], ['12', null, null, 0], ['44', null, null, 0], ['9', 3, 2, 15],
    ]);
  });

  it('gives a car classified beyond the table no points', () => {
    const round = classifyRound([result('1', 'Cup', 1, 10), result('2', 'Cup', 2, 10)], { points: [10], polePoints: 0 });
    expect(round.map((r) => r.points)).toEqual([10, 0]);
  });
});

describe('the standings', () => {
  const table = { points: [10, 6, 4], polePoints: 0 };

  it('ranks by points, then wins, then second places, and shares a position only when all three are level', () => {
    // By hand: C 4 + 10 + 10 = 24; A 10 + 4 + 4 = 18 with a win; B 6 + 6 + 6 = 18 without: A before B.
    const rounds = [
      { roundId: 1, results: [result('A', 'GT4', 1, 20), result('B', 'GT4', 2, 20), result('C', 'GT4', 3, 20)] },
      { roundId: 2, results: [result('C', 'GT4', 1, 20), result('B', 'GT4', 2, 20), result('A', 'GT4', 3, 20)] },
      { roundId: 3, results: [result('C', 'GT4', 1, 20), result('B', 'GT4', 2, 20), result('A', 'GT4', 3, 20)] },
    ];
    const gt4 = standingsOf(rounds, table).get('GT4')!;
    expect(gt4.map((l) => [l.position, l.number, l.points, l.wins, l.seconds])).toEqual([[1, 'C', 24, 2, 0], [2, 'A', 18, 1, 0], [3, 'B', 18, 0, 3]]);
    expect(gt4[1]!.rounds).toEqual([
      { roundId: 1, points: 10, classPosition: 1, status: 'classified' },
      { roundId: 2, points: 4, classPosition: 3, status: 'classified' },
      { roundId: 3, points: 4, classPosition: 3, status: 'classified' },
    ]);
  });

  it('breaks a tie on points and wins by second places, and keeps classes apart', () => {
    // By hand: D 10 + 0 (dnf) + 6 = 16 with a win and a second; E 6 + 10 = 16 with a win and a second
    // too → level on all three: both 1st, G (10) 3rd. F wins class Cup twice (10 + 10): its own table.
    const rounds = [
      { roundId: 1, results: [result('D', 'GT4', 1, 20), result('E', 'GT4', 2, 20), result('F', 'Cup', 3, 19)] },
      { roundId: 2, results: [result('E', 'GT4', 1, 20), result('D', 'GT4', 2, 20, 'dnf'), result('F', 'Cup', 3, 19)] },
      { roundId: 3, results: [result('D', 'GT4', 2, 20), result('G', 'GT4', 1, 20)] },
    ];
    const standings = standingsOf(rounds, table);
    expect(standings.get('GT4')!.map((l) => [l.position, l.number, l.points, l.wins, l.seconds])).toEqual([[1, 'D', 16, 1, 1], [1, 'E', 16, 1, 1], [3, 'G', 10, 1, 0]]);
    expect(standings.get('Cup')!.map((l) => [l.position, l.number, l.points])).toEqual([[1, 'F', 20]]);
  });
});
