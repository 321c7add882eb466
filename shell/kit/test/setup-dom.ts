import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadKitParts } from '../src/components/lazy-parts';

// The kit's Ark UI-heavy parts load in their own chunk; tests render them synchronously, as the app does once preloaded.
await preloadKitParts();

afterEach(() => cleanup());
