/**
 * The car-history feature: each car detail card's 'History' view. Other features use
 * the button; the history endpoint's client and keys live in @pitwall/kit (getCarHistoryQueryOptions).
 */
export { HistoryButton } from './components/history-button';
