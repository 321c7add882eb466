/** The race events feature's public surface: the Events screen's URLs and its dates as text (its routes are wired in app.tsx). */
export { dateAndTimeText, dayAndTimeText, localDateTimeText } from './lib/date-text';
export { raceEventPath, sessionPath, sessionViewOf, type SessionView } from './lib/race-event-paths';
