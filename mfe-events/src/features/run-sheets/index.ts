/** The run sheets feature's public surface: the race event's 'Sessions' tab. */
export { SessionsTab } from './components/sessions-tab';
