import type { Projection } from './projection.ts';
import { carsProjection } from './cars/cars.ts';
import { checklistProjection } from './checklist/checklist.ts';
import { historyProjection } from './history/history.ts';
import { issuesProjection } from './issues/issues.ts';
import { sessionsProjection } from './sessions/sessions.ts';
import { racePlansProjection } from './race-plans/race-plans.ts';
import { sessionUsageProjection } from './session-usage/session-usage.ts';
import { partsProjection } from './parts/parts.ts';
import { tireSetsProjection } from './tire-sets/tire-sets.ts';
import { imagesProjection } from './images/images.ts';
import { raceEventsProjection } from './race-events/race-events.ts';
import { gearRatiosProjection } from './gear-ratios/gear-ratios.ts';
import { suspensionsProjection } from './suspensions/suspensions.ts';
import { teamsProjection } from './teams/teams.ts';
import { tirePressuresProjection } from './tire-pressures/tire-pressures.ts';
import { tirePressureTargetsProjection } from './tire-pressure-targets/tire-pressure-targets.ts';
import { cornerWeightsProjection } from './corner-weights/corner-weights.ts';
import { setupSheetsProjection } from './setup-sheets/setup-sheets.ts';
import { tireTemperatureTargetsProjection } from './tire-temperature-targets/tire-temperature-targets.ts';
import { usersProjection } from './users/users.ts';
import { seriesProjection } from './series/series.ts';
import { roundTimetablesProjection } from './series/timetable.ts';
import { streamRevisionsProjection } from './stream-revisions/stream-revisions.ts';

export * from './projection.ts';
export * from './define-projection.ts';
export * from './projector.ts';
export * from './projector-lease.ts';
export * from './projection-lag.ts';
export * from './parked-events.ts';
export * from './redact-secrets.ts';
export * from './row-changes.ts';
export * from './users/users.ts';
export * from './teams/teams.ts';
export * from './cars/cars.ts';
export * from './gear-ratios/gear-ratios.ts';
export * from './suspensions/suspensions.ts';
export * from './tire-pressures/tire-pressures.ts';
export * from './tire-pressure-targets/tire-pressure-targets.ts';
export * from './corner-weights/corner-weights.ts';
export * from './setup-sheets/setup-sheets.ts';
export * from './tire-temperature-targets/tire-temperature-targets.ts';
export * from './checklist/checklist.ts';
export * from './race-events/race-events.ts';
export * from './issues/issues.ts';
export * from './sessions/sessions.ts';
export * from './race-plans/race-plans.ts';
export * from './session-usage/session-usage.ts';
export * from './parts/parts.ts';
export * from './tire-sets/tire-sets.ts';
export * from './images/images.ts';
export * from './history/history.ts';
export * from './history/changes.ts';
export * from './history/setup-record.ts';
export * from './series/series.ts';
export * from './series/results.ts';
export * from './series/timetable.ts';
export * from './series/bop.ts';
export * from './series/tires.ts';
export * from './scope.ts';
export * from './stream-revisions/stream-revisions.ts';
export * from './stream-revisions/stream-sets.ts';

/**
 * Every read model Pitwall keeps, in the order each segment of a batch is applied: the team
 * members before the history, which reads the actor's name, role and colour from them.
 */
export const allProjections: readonly Projection[] = [
  usersProjection,
  teamsProjection,
  historyProjection,
  carsProjection,
  gearRatiosProjection,
  suspensionsProjection,
  tirePressuresProjection,
  tirePressureTargetsProjection,
  cornerWeightsProjection,
  setupSheetsProjection,
  tireTemperatureTargetsProjection,
  checklistProjection,
  raceEventsProjection,
  issuesProjection,
  sessionsProjection,
  racePlansProjection,
  sessionUsageProjection,
  partsProjection,
  tireSetsProjection,
  imagesProjection,
  seriesProjection,
  roundTimetablesProjection,
  streamRevisionsProjection,
];
