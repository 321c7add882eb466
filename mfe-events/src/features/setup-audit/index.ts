/**
 * The setup audit feature's public surface, for the race event detail and the App routes:
 * the 'Setup History' tab, the link to the printable sheet, and the sheet's route.
 */
export { SetupHistoryTab } from './components/setup-history-tab';
export { SetupSheetLink } from './components/setup-sheet-link';
export { SetupSheetRoute } from './routes/setup-sheet-route';
export { OWN_LEGEND, OwnBadge } from './components/own-badge';
export { HistoryEntryItem, SetupChanges } from './components/setup-changes';
export { SetupTables } from './components/setup-tables';
export { ComparisonTable } from './components/compare-setups';
