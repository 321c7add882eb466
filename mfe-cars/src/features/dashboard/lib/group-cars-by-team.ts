import type { Car, UserTeam } from '@pitwall/contracts';

/** One team's part of the Dashboard: its name and its cars (in the order the API answered them). */
export interface TeamCars {
  teamId: number;
  teamName: string;
  cars: Car[];
}

/** The team filter's value that shows every team. */
export const ALL_TEAMS = 'all';

/**
 * The Dashboard's groups for a user of several teams: one per team of the user (in the user's
 * order, also when it has no cars yet), then any team a car names that the user list lacks. With
 * `teamFilter` a team id (as text), only that team; ALL_TEAMS (or an unknown id) keeps every team.
 */
export function groupCarsByTeam(cars: readonly Car[], teams: readonly Pick<UserTeam, 'teamId' | 'teamName'>[], teamFilter: string = ALL_TEAMS): TeamCars[] {
  const groups = new Map<number, TeamCars>(teams.map((t) => [t.teamId, { teamId: t.teamId, teamName: t.teamName, cars: [] }]));
  for (const car of cars) {
    if (!groups.has(car.teamId)) groups.set(car.teamId, { teamId: car.teamId, teamName: car.teamName, cars: [] });
    groups.get(car.teamId)!.cars.push(car);
  }
  const all = [...groups.values()];
  const chosen = all.filter((g) => String(g.teamId) === teamFilter);
  return chosen.length ? chosen : all;
}
