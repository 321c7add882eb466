import type { ReactNode } from 'react';
import styles from './setup-audit.module.css';

/**
 * A table that scrolls sideways when it is wider than the screen (a phone). The scrolling box takes
 * the keyboard focus and is a named region, so keyboard users can scroll it and screen readers say
 * what it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableScroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
