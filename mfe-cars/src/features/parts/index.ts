/** Parts life: the car's Parts tab and the dashboard's card (the store and a part's page are routes of the app). */
export { PartsTab } from './components/parts-tab';
export { PartsDueCard } from './components/parts-due-card';
