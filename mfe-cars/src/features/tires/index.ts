/** Tire sets: the car's Tires tab (the team's tires and a set's page are routes of the app). */
export { TiresTab } from './components/tires-tab';
