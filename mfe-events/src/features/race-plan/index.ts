/** The race plan feature's public surface (endurance racing): the race event's 'Race Plan' tab. */
export { RacePlanTab } from './race-plan-tab';
