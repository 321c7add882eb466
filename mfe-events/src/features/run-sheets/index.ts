import { lazy } from 'react';

/**
 * The run sheets feature's public surface: the race event's 'Sessions' tab (its session cards, 'At
 * this track' and the run sheets below it), loaded when first opened as the chunk 'sessions' (which
 * the page starts with the tab's URLs: their screens in src/screens.ts), so the Overview's first
 * visit does not carry it. Render it inside a Suspense boundary.
 */
export const SessionsTab = lazy(() => import(/* webpackChunkName: 'sessions' */ './components/sessions-tab').then((m) => ({ default: m.SessionsTab })));
