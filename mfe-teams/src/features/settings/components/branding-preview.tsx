import type { Branding } from '@pitwall/kit';
import styles from './settings.module.css';

/**
 * Live preview of unsaved branding (docs/product.md, 'Settings and branding'): the navigation brand with logo, name and
 * subtitle, an active link, primary and accent buttons, and '{team name} Racing'.
 */
export function BrandingPreview({ branding }: { branding: Branding }) {
  const { teamName, teamSubtitle, logoUrl, primaryColor, accentColor } = branding;
  return (
    <div className={styles.preview} aria-label="Branding preview" role="group">
      <div className={styles.previewNav} style={{ borderBottomColor: accentColor }}>
        <img src={logoUrl} alt={`${teamName} logo`} className={styles.previewLogo} />
        <div className={styles.previewBrand}>
          <p className={styles.previewTeam}>{teamName}</p>
          <p className={styles.previewSubtitle} style={{ color: accentColor }}>
            {teamSubtitle}
          </p>
        </div>
      </div>
      <div className={styles.previewBody}>
        <div className={styles.previewLink} style={{ background: primaryColor, borderLeftColor: accentColor }}>
          Dashboard
        </div>
        <div className={styles.previewButtons}>
          <span className={styles.previewButton} style={{ background: primaryColor }}>
            Primary
          </span>
          {/* Dark text as on the real accent button: white on the default #ff6600 is 2.93:1. */}
          <span className={styles.previewButton} style={{ background: accentColor, color: 'var(--text)' }}>
            Accent
          </span>
        </div>
        <p className={styles.previewRacing}>{`${teamName} Racing`}</p>
      </div>
    </div>
  );
}
