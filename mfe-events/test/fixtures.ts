import { createRenderRemote } from '@pitwall/kit/test';
import App from '../src/app';

// jsdom has no scrolling; full-page forms scroll to the top when shown.
window.scrollTo = () => {};

export { makeCar, makeIssue, makeRaceEvent, signedInOwner as user } from '@pitwall/kit/test';

/** Renders the race-events remote's App as the shell would, with the current URL in `data-testid="location"`. */
export const renderRemote = createRenderRemote(App, { showLocation: true });
