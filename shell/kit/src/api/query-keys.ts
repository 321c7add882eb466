import type { Query } from '@tanstack/react-query';

/**
 * The TanStack Query keys of the kit's queries, and the predicates over them. One leaf module that
 * imports nothing of the kit: the resource modules (cars.ts, sessions.ts, …) build their query
 * options from these keys, and change-invalidations.ts names the same keys in its table, so the table
 * depends on no resource module and no resource module's import of the table closes a circle.
 * Keys are arrays whose prefixes nest: invalidating a prefix refreshes everything under it.
 */

/** Every car of the signed-in member's teams. */
export const carsKey = ['cars'] as const;
/** One car (its record: basic data, maintenance, tank, geometry). */
export const carKey = (carId: number) => ['cars', carId] as const;
/** A car's checklist. */
export const checklistKey = (carId: number) => ['cars', carId, 'checklist'] as const;
/** A car's image gallery. */
export const imagesKey = (carId: number) => ['cars', carId, 'images'] as const;
/** A car's issues. */
export const issuesKey = (carId: number) => ['cars', carId, 'issues'] as const;
/** A car's parts list. */
export const carPartsKey = (carId: number) => ['cars', carId, 'parts'] as const;
/** A car's setup targets. */
export const setupTargetsKey = (carId: number) => ['cars', carId, 'setup-targets'] as const;
/** A car's tire pressure targets (the tire pressure assistant's). */
export const tirePressureTargetsKey = (carId: number) => ['cars', carId, 'tire-pressure-targets'] as const;
/** A car's tire temperature targets. */
export const tireTemperatureTargetsKey = (carId: number) => ['cars', carId, 'tire-temperature-targets'] as const;
/**
 * A car's setup sections: gear ratios, suspension & alignment, tire pressures, corner weights and the
 * engineer's setup sheet. Each exists as the car's baseline and once per race event (car-setup.ts).
 */
export type SetupSection = 'gear-ratios' | 'suspension' | 'tire-pressures' | 'corner-weights' | 'setup-sheet';

/** One setup section of a car: the prefix of its baseline's and every race event's entries. */
export const setupSectionKey = (carId: number, section: SetupSection) => ['cars', carId, section] as const;
/** The paged history of one section of a car (baseline and every race event). */
export const carHistoryKey = <Section extends string>(carId: number, section: Section) => ['cars', carId, 'history', section] as const;
/** The paged history of one race event. */
export const raceEventHistoryKey = (carId: number, raceEventId: number) => ['cars', carId, 'history', { raceEventId }] as const;
/** A car's race events: the list, and the prefix of everything under one race event. */
export const raceEventsKey = (carId: number) => ['cars', carId, 'events'] as const;
/** A race event's run sessions (and, under it, their change effects). */
export const sessionsKey = (carId: number, raceEventId: number) => ['cars', carId, 'events', raceEventId, 'sessions'] as const;
/** A race event's race plan (endurance racing). */
export const racePlanKey = (carId: number, raceEventId: number) => ['cars', carId, 'events', raceEventId, 'race-plan'] as const;
/** The prefix of a car's run sessions at each track (the track rankings). */
export const trackSessionsKey = (carId: number) => ['cars', carId, 'tracks'] as const;
/** The prefix of a car's field change effects. */
export const fieldChangeEffectsKey = (carId: number) => ['cars', carId, 'change-effects'] as const;
/** The teams of the signed-in member. */
export const teamsKey = ['teams'] as const;
/** A team's members. */
export const teamMembersKey = (teamId: number) => ['teams', teamId, 'members'] as const;
/** A team's settings (units, colours, thresholds). */
export const teamSettingsKey = (teamId: number) => ['teams', teamId, 'settings'] as const;
/** The prefix of a team's parts (its lists, a part, a part's life). */
export const teamPartsKey = (teamId: number) => ['teams', teamId, 'parts'] as const;
/** The prefix of a team's tire sets (its lists, a set, a set's tread). */
export const teamTireSetsKey = (teamId: number) => ['teams', teamId, 'tire-sets'] as const;
/** The series the signed-in member sees (organised or entered). */
export const seriesListKey = ['series'] as const;
/** The prefix of every screen view. */
export const viewsKey = ['views'] as const;
/** The prefix of the views of one car: its car page's and its race events'. */
export const carViewsKey = (carId: number) => [...viewsKey, 'car', carId] as const;

type KeyedQuery = Pick<Query, 'queryKey'>;

/** Whether a cached query is a car's parts list (['cars', carId, 'parts']). */
export const isCarPartsQuery = (query: KeyedQuery) => query.queryKey[0] === 'cars' && query.queryKey[2] === 'parts';

/**
 * Whether a cached query holds parts (a team's parts, a part, its life, a car's parts): the
 * filter every session change refreshes, as usage follows the sessions.
 */
export const isPartsQuery = (query: KeyedQuery) => {
  const [resource, , section] = query.queryKey;
  return (resource === 'teams' || resource === 'cars') && section === 'parts';
};

/** Whether a cached query holds a team's tire sets (a list, a set, a set's tread). */
export const isTireSetsQuery = (query: KeyedQuery) => query.queryKey[0] === 'teams' && query.queryKey[2] === 'tire-sets';

/** Whether a cached query holds change effects (a session's, or a field's). */
export const isChangeEffectsQuery = (query: KeyedQuery) => query.queryKey.includes('change-effects');

/** A car's race events or anything under one (['cars', carId, 'events', …]: the list, a race event, its sessions). */
export const isRaceEventsQuery = (query: KeyedQuery) => query.queryKey[0] === 'cars' && query.queryKey[2] === 'events';
