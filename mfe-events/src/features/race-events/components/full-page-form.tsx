import { useEffect, type ReactNode } from 'react';
import styles from './race-events.module.css';

/** The frame of a full-page form (docs/product.md, 'Race events'): a page heading, an optional subtitle, the form; scrolls to the top when shown. */
export function FullPageForm({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  // The form replaces the view: start at its top, not where the opening button was scrolled to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className={styles.formPage}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.muted}>{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
