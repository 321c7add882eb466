export { PartsTab } from './components/parts-tab';
export { PartsDueCard } from './components/parts-due-card';
