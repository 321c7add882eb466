import { lazy } from 'react';

/**
 * The race plan feature's public surface (endurance racing): the race event's 'Race Plan' tab,
 * loaded when first opened as the chunk 'race-plan' (which the page starts with that tab's URL: its
 * screen in src/screens.ts). Render it inside a Suspense boundary.
 */
export const RacePlanTab = lazy(() => import(/* webpackChunkName: 'race-plan' */ './race-plan-tab').then((m) => ({ default: m.RacePlanTab })));

/** The race event's race plan (the run sheet's pit stops and race now read it too). */
export { useRacePlan } from './race-plan-api';
