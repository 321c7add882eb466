/** A named pair of theme colours (docs/product.md, 'Settings and branding'). */
export interface BrandingPreset {
  name: string;
  primaryColor: string;
  accentColor: string;
}

/**
 * The six presets (docs/product.md, 'Settings and branding'). The product names them but does not give their colours; these are
 * Pitwall's choices (README). ONETHIRTY Blue is the default branding (#0066cc / #ff6600). Each
 * primary carries white button text at WCAG AA (≥ 4.5:1); each accent keeps white text at ≥ 3:1
 * (the default #ff6600 has 2.9:1) and stays readable as the subtitle colour on the dark navigation.
 */
export const BRANDING_PRESETS: readonly BrandingPreset[] = [
  { name: 'ONETHIRTY Blue', primaryColor: '#0066cc', accentColor: '#ff6600' },
  { name: 'Racing Red', primaryColor: '#c8102e', accentColor: '#d97706' },
  { name: 'Forest Green', primaryColor: '#166534', accentColor: '#65a30d' },
  { name: 'Purple Power', primaryColor: '#6d28d9', accentColor: '#db2777' },
  { name: 'Midnight Blue', primaryColor: '#1e3a8a', accentColor: '#0284c7' },
  { name: 'Classic Black', primaryColor: '#18181b', accentColor: '#dc2626' },
];
