/** The run sheets feature's public surface (issue 12): the race event's 'Sessions' tab. */
export { SessionsTab } from './components/sessions-tab';
