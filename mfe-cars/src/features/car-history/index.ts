/**
 * The car-history feature (issue 8): each car detail card's 'History' view. Other features use
 * the button, and the query factory to invalidate a section's history after a save.
 */
export { HistoryButton, type HistoryButtonProps } from './components/history-button';
export { getCarHistoryQueryOptions, type CarHistorySection } from './api/get-car-history';
