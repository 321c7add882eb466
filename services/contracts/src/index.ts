export * from './common.ts';
export * from './auth.ts';
export * from './cars.ts';
export * from './setup.ts';
export * from './race-events.ts';
export * from './teams.ts';
export * from './images.ts';
export * from './history.ts';
