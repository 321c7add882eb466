/** Parts life: the car's Parts tab and the dashboard's card (the store and a part's page are routes of the app). */
export { PartsTab } from './components/parts-tab';
export { PartsDueCard } from './components/parts-due-card';
/** Shared with the tire sets: the team a page shows, date-time field values, numbers typed in fields. */
export { isoOfLocal, localNow, useTeamId } from './lib/use-team-id';
export { numberOf } from './lib/number-of';
