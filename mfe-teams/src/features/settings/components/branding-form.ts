import { z } from 'zod';
import { DEFAULT_BRANDING, safeImageUrl, type Branding } from '@pitwall/kit';

const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Enter a colour as #rrggbb');

/**
 * The 'Team Settings' form. The product gives no rules for branding; Pitwall requires a team name
 * (it labels the navigation) and hex colours (they become the theme's CSS colours). Subtitle and
 * logo URL may be left empty: the defaults apply (as they do for an empty stored value); a logo
 * URL must be one a browser may load from data (safeImageUrl: https: or an uploaded image).
 */
export const BrandingForm = z.object({
  teamName: z.string().trim().min(1, 'Team name is required').max(60, 'Team name must be at most 60 characters'),
  teamSubtitle: z.string().trim().max(60, 'Team subtitle must be at most 60 characters'),
  logoUrl: z
    .string()
    .trim()
    .max(2000, 'Logo URL must be at most 2000 characters')
    .refine((url) => url === '' || safeImageUrl(url) !== null, 'Logo URL must be an https: URL or an uploaded image (/api/images/…)'),
  primaryColor: hexColor,
  accentColor: hexColor,
});
export type BrandingForm = z.infer<typeof BrandingForm>;

/** The form's values for a branding: the bundled default logo shows as an empty field. */
export function toFormValues(branding: Branding): BrandingForm {
  return { ...branding, logoUrl: branding.logoUrl === DEFAULT_BRANDING.logoUrl ? '' : branding.logoUrl };
}

/** The branding to store for form values: empty subtitle or logo fall back to the defaults. */
export function toBranding(values: BrandingForm): Branding {
  return {
    teamName: values.teamName.trim(),
    teamSubtitle: values.teamSubtitle.trim() || DEFAULT_BRANDING.teamSubtitle,
    logoUrl: values.logoUrl.trim() || DEFAULT_BRANDING.logoUrl,
    primaryColor: values.primaryColor.trim(),
    accentColor: values.accentColor.trim(),
  };
}
