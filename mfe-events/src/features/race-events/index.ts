/** The race events feature's public surface: the Events screen's URLs (its routes are wired in app.tsx). */
export { raceEventPath, sessionPath, sessionViewOf, type SessionView } from './lib/race-event-paths';
