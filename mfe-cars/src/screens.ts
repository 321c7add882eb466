import type { Screens } from '@pitwall/kit';

/**
 * mfe-cars' screens (docs/product.md, 'Screens and routes'): its router's routes (src/app.tsx loads
 * each screen's chunk) and what the shell's page starts with each path (shell/src/remotes/remote-paths.ts).
 * A path below one that ends in a word ('/car/1/issues/7') is this remote's too: its 404 page.
 */
export const CARS_SCREENS = {
  dashboard: { path: '/', chunk: 'dashboard', view: 'cars' },
  // The car page (its tabs in the kit's Tabs) shows setup values (it provides no copy of their units' module).
  carDetail: { path: '/car/:id', chunk: 'car-detail', preload: ['kit-parts', 'shared:@pitwall/setup-forms/display'], view: 'car' },
  issues: { path: '/car/:id/issues', chunk: 'car-issues' },
  gallery: { path: '/car/:id/gallery', chunk: 'car-gallery' },
  partsStore: { path: '/parts', chunk: 'parts-store' },
  part: { path: '/parts/:partId', chunk: 'part' },
  tiresStore: { path: '/tires', chunk: 'tires-store' },
  tireSet: { path: '/tires/:setId', chunk: 'tire-set' },
} as const satisfies Screens;
