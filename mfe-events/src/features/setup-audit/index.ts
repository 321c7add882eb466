import { lazy } from 'react';

/**
 * The setup audit feature's public surface, for the race event detail, the run sheets and the App
 * routes. The link to the printable sheet and the 'Race event' badge come with the importer; the
 * rest loads on first use (its tables and dates stay out of the race event's first screens): the
 * 'Setup History' tab as the chunk 'setup-history' (which the page starts with that tab's URL: its
 * screen in src/screens.ts), the sheet's route, 'Run sheet changes', the compared setups, and a run
 * sheet's 'Changes since …' and 'Setup as Run' (SessionSetupCards). Render the lazy ones inside a
 * Suspense boundary.
 */
export { SetupSheetLink } from './components/setup-sheet-link';
export { OWN_LEGEND, OwnBadge } from './components/own-badge';
/** CSV text and a file download, shared with the run sheet's 'Download Laps (CSV)'. */
export { encodeCsv } from './lib/csv';
export { downloadFile } from './lib/download';

export const SetupHistoryTab = lazy(() => import(/* webpackChunkName: 'setup-history' */ './components/setup-history-tab').then((m) => ({ default: m.SetupHistoryTab })));
export const SetupSheetRoute = lazy(() => import('./routes/setup-sheet-route').then((m) => ({ default: m.SetupSheetRoute })));
export const SetupChanges = lazy(() => import('./components/setup-changes').then((m) => ({ default: m.SetupChanges })));
export const SessionSetupCards = lazy(() => import('./components/session-setup-cards').then((m) => ({ default: m.SessionSetupCards })));
export const ComparisonTable = lazy(() => import('./components/compare-setups').then((m) => ({ default: m.ComparisonTable })));
