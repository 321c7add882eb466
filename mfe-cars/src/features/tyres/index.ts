/** Tyre sets: the car's Tyres tab (the team's tyres and a set's page are routes of the app). */
export { TyresTab } from './components/tyres-tab';
