import { lazy } from 'react';
// The Sessions tab's and the run sheets' stylesheet stays in the App's CSS file: the tab's chunk is
// then one file, so a run sheet's first visit starts one request more for it, not two.
import './components/run-sheets.module.css';

/**
 * The run sheets feature's public surface: the race event's 'Sessions' tab (its session cards, 'At
 * this track' and the run sheets below it), loaded when first opened as the chunk 'sessions' (which
 * the page starts with the tab's URLs: their screens in src/screens.ts), so the Overview's first
 * visit does not carry it. Render it inside a Suspense boundary.
 */
export const SessionsTab = lazy(() => import(/* webpackChunkName: 'sessions' */ './components/sessions-tab').then((m) => ({ default: m.SessionsTab })));
