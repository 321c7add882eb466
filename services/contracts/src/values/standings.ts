/**
 * A championship's arithmetic: a round's classification read per class, and the standings of a
 * series from its rounds' results and its points table.
 *
 * Points go to the classified finishers of a class by their position in the class (a 'dnf' or
 * 'dsq' car scores nothing; a car classified beyond the table's length scores 0), plus the pole
 * points to the car marked on pole. Ties in the standings are broken by the number of wins, then
 * of second places: the count-back of the FIA Formula One Sporting Regulations ('the holder of the
 * greater number of first places; if the number of first places is the same, the greater number of
 * second places …'), which most series' regulations copy; cars still level share the position.
 */

/** A result's status in the classification. */
export const RESULT_STATUSES = ['classified', 'dnf', 'dsq'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The points table most championships use (FIA Formula 1 since 2010 and many GT series): 25-18-15-12-10-8-6-4-2-1. */
export const DEFAULT_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1] as const;

/** Points for a class position (1-based) and for pole. */
export interface PointsTableValue {
  /** Points of the 1st, 2nd, … classified car of a class. */
  points: readonly number[];
  /** Points for the car on pole in its class (0: none). */
  polePoints: number;
}

/** One car's result at a round as stored: overall `position` (1-based), laps, best lap (ms) or null. */
export interface RoundResultValue {
  number: string;
  class: string;
  position: number;
  laps: number;
  bestLapMs: number | null;
  status: ResultStatus;
  pole: boolean;
}

/** A result read in its class: the class position (null: not classified), laps behind the class leader, the points it scored. */
export interface ClassifiedResult extends RoundResultValue {
  classPosition: number | null;
  /** Laps behind the class winner (0: on the lead lap); null for a car that is not classified. */
  gapLaps: number | null;
  points: number;
}

/**
 * A round's results read per class: each class's cars in overall order, the classified ones numbered
 * 1, 2, … within their class and given the table's points (plus pole points), the others last with
 * none. Answers the results in overall position order, each with the fields it came with.
 */
export function classifyRound<T extends RoundResultValue>(results: readonly T[], table: PointsTableValue): (T & ClassifiedResult)[] {
  const ordered = [...results].sort((a, b) => a.position - b.position);
  const seen = new Map<string, number>();
  const leaderLaps = new Map<string, number>();
  return ordered.map((r) => {
    const pole = r.pole ? table.polePoints : 0;
    if (r.status !== 'classified') return { ...r, classPosition: null, gapLaps: null, points: pole };
    const classPosition = (seen.get(r.class) ?? 0) + 1;
    seen.set(r.class, classPosition);
    if (!leaderLaps.has(r.class)) leaderLaps.set(r.class, r.laps);
    return { ...r, classPosition, gapLaps: leaderLaps.get(r.class)! - r.laps, points: (table.points[classPosition - 1] ?? 0) + pole };
  });
}

/** Entry numbers in the order an entry list prints them: by value, then '007' before '7'. */
const byNumber = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);

/** One car's line of the standings: its points over the rounds, wins and second places, and each round's score. */
export interface StandingLine {
  /** 1-based; cars level on points, wins and seconds share a position. */
  position: number;
  number: string;
  class: string;
  points: number;
  wins: number;
  seconds: number;
  rounds: { roundId: number; points: number; classPosition: number | null; status: ResultStatus }[];
}

/**
 * The standings per class from each round's results (rounds in calendar order), a car known by
 * its number within its class. Sorted by points, then wins, then second places (most first); cars
 * level on all three share the position, listed by number.
 */
export function standingsOf(rounds: readonly { roundId: number; results: readonly RoundResultValue[] }[], table: PointsTableValue): Map<string, StandingLine[]> {
  const lines = new Map<string, Omit<StandingLine, 'position'>>();
  for (const { roundId, results } of rounds) {
    for (const r of classifyRound(results, table)) {
      const key = `${r.class}\u0000${r.number}`;
      const line = lines.get(key) ?? { number: r.number, class: r.class, points: 0, wins: 0, seconds: 0, rounds: [] };
      line.points += r.points;
      if (r.classPosition === 1) line.wins += 1;
      if (r.classPosition === 2) line.seconds += 1;
      line.rounds.push({ roundId, points: r.points, classPosition: r.classPosition, status: r.status });
      lines.set(key, line);
    }
  }
  const byClass = new Map<string, StandingLine[]>();
  const rank = (a: Omit<StandingLine, 'position'>, b: Omit<StandingLine, 'position'>) => b.points - a.points || b.wins - a.wins || b.seconds - a.seconds;
  for (const line of lines.values()) byClass.set(line.class, [...(byClass.get(line.class) ?? []), { ...line, position: 0 }]);
  for (const [klass, classLines] of byClass) {
    classLines.sort((a, b) => rank(a, b) || byNumber(a.number, b.number));
    classLines.forEach((line, i) => {
      line.position = i > 0 && rank(classLines[i - 1]!, line) === 0 ? classLines[i - 1]!.position : i + 1;
    });
    byClass.set(klass, classLines);
  }
  return byClass;
}
