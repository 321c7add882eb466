import type { ReactNode } from 'react';
import type { SeriesEntry } from '@pitwall/contracts';
import styles from './series.module.css';

/** The passport's fields with their labels, in the order shown (the organiser sees nothing else of the car: docs/product.md, 'Series'). */
const PASSPORT_FIELDS: readonly [keyof SeriesEntry['passport'], string][] = [
  ['makeModel', 'Make & Model'],
  ['year', 'Year'],
  ['carClass', 'Car Class'],
  ['color', 'Colour'],
  ['engine', 'Engine'],
  ['transmission', 'Transmission'],
  ['weight', 'Weight'],
  ['power', 'Power'],
  ['lastEngineBuild', 'Engine Build'],
  ['lastTransmissionBuild', 'Transmission Build'],
];

/**
 * Car entries grouped by class (classes in the series' order), each with its number, car name,
 * team and technical passport; `actions` adds controls per entry (the team's 'Withdraw').
 */
export function EntriesByClass({ classes, entries, actions }: { classes: readonly string[]; entries: readonly SeriesEntry[]; actions?: (entry: SeriesEntry) => ReactNode }) {
  return (
    <div>
      {classes.map((klass) => {
        const inClass = entries.filter((e) => e.class === klass);
        if (inClass.length === 0) return null;
        return (
          <section key={klass} aria-label={`Class ${klass}`}>
            <h3 className={styles.classTitle}>
              {klass} ({inClass.length})
            </h3>
            {inClass.map((entry) => (
              <article key={entry.id} className={styles.entry} aria-label={`#${entry.number} ${entry.passport.name}`}>
                <span className={styles.number} aria-hidden="true">
                  {entry.number}
                </span>
                <div className={styles.entryBody}>
                  <div className={styles.cardTop}>
                    <div className={styles.rowMain}>
                      <span className={styles.rowTitle}>
                        #{entry.number} {entry.passport.name}
                      </span>
                      <span className={styles.rowMeta}>{entry.teamName}</span>
                    </div>
                    {actions?.(entry)}
                  </div>
                  <dl className={styles.passport}>
                    {PASSPORT_FIELDS.map(([field, label]) => (
                      <div key={field}>
                        <dt>{label}</dt>
                        <dd>
                          {field === 'color' && <span className={styles.swatch} style={{ background: entry.passport.color }} aria-hidden="true" />}
                          {entry.passport[field] ?? '—'}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}
