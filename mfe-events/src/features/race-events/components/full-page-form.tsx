import type { ReactNode } from 'react';
import styles from './race-events.module.css';

/** The frame of a full-page form (spec §2): a page heading, an optional subtitle, the form. */
export function FullPageForm({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
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
