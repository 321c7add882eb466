import type { Projection } from './projection.ts';
import { carsProjection } from './cars/cars.ts';
import { checklistProjection } from './checklist/checklist.ts';
import { issuesProjection } from './issues/issues.ts';
import { raceEventsProjection } from './race-events/race-events.ts';
import { gearRatiosProjection } from './gear-ratios/gear-ratios.ts';
import { suspensionsProjection } from './suspensions/suspensions.ts';
import { teamsProjection } from './teams/teams.ts';
import { tirePressuresProjection } from './tire-pressures/tire-pressures.ts';
import { usersProjection } from './users/users.ts';

export * from './projection.ts';
export * from './projector.ts';
export * from './users/users.ts';
export * from './teams/teams.ts';
export * from './cars/cars.ts';
export * from './gear-ratios/gear-ratios.ts';
export * from './suspensions/suspensions.ts';
export * from './tire-pressures/tire-pressures.ts';
export * from './checklist/checklist.ts';
export * from './race-events/race-events.ts';
export * from './issues/issues.ts';
export * from './scope.ts';

/** Every read model Pitwall keeps, in the order their tables are created. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  teamsProjection,
  carsProjection,
  gearRatiosProjection,
  suspensionsProjection,
  tirePressuresProjection,
  checklistProjection,
  raceEventsProjection,
  issuesProjection,
];
