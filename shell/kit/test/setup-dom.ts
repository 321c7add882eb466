import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadKitParts } from '../src/components/lazy-parts';

// The kit's Ark UI-heavy parts load in their own chunk; tests render them synchronously, as the app does once preloaded.
await preloadKitParts();

// A file's first test renders a screen whose lazy route chunk is transformed and loaded on demand:
// with two CI runs sharing two cores that took over findBy's default 1 s once (car-record's first
// test saw only the spinner). The wait ends as soon as the element shows, so passing tests are not slower.
configure({ asyncUtilTimeout: 5000 });

// Each test starts on a device that kept nothing (the signed-in user, branding, the last login tab);
// files that run in node (no DOM) have no localStorage.
afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
