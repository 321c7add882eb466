import { useId, type ReactNode } from 'react';
import type { SetupValues } from '@pitwall/contracts';
import { SUSPENSION_SETTINGS } from '@pitwall/contracts/values';
import { isBlankSheet, SetupSheetTables } from '@pitwall/setup-forms/display';
import { OWN_LEGEND, OwnBadge } from './own-badge';
import { TableScroll } from './table-scroll';
import styles from './setup-audit.module.css';

/** A text value, or a muted 'Not set'. */
export function SetupValue({ value }: { value: string | null | undefined }) {
  return value === null || value === undefined || value.trim() === '' ? <span className={styles.blank}>Not set</span> : <>{value}</>;
}

/** A <section> labelled by its heading (h3 or h4). */
export function LabelledSection({ title, level = 3, children, className }: { title: ReactNode; level?: 3 | 4; children: ReactNode; className?: string }) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={id} className={[styles.section, className].filter(Boolean).join(' ')}>
      <Heading id={id} className={level === 3 ? styles.sectionTitle : styles.subTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A table's header row: one column header per name. */
export function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The four corner cells of a tire pressure row, as entered (text with unit). */
export function CornerCells({ row }: { row: { frontLeft: string; frontRight: string; rearLeft: string; rearRight: string } }) {
  return (
    <>
      <td>{row.frontLeft}</td>
      <td>{row.frontRight}</td>
      <td>{row.rearLeft}</td>
      <td>{row.rearRight}</td>
    </>
  );
}

/**
 * A setup's gear ratios, suspension & alignment (front/rear per setting), tire pressures and the
 * engineer's setup sheet as read-only tables, each under an h4. `emptyText` says what an empty section means. `markOwn`
 * marks the race event's own values with the 'Race event' badge (an effective race event setup).
 */
export function SetupTables({ setup, emptyText, markOwn = false }: { setup: SetupValues; emptyText: string; markOwn?: boolean }) {
  const { gearRatios, suspension, tirePressures } = setup;
  const own = (value: boolean | undefined) => (markOwn ? <OwnBadge own={value} /> : null);
  return (
    <div className={styles.setupGrid}>
      <LabelledSection title="Gear Ratios" level={4}>
        {gearRatios.length === 0 ? (
          <p className={styles.blank}>{emptyText}</p>
        ) : (
          <TableScroll label="Gear ratios table">
            <table className={styles.table}>
              <ColumnHeads names={['Gear', 'Ratio', 'Speed at max RPM']} />
              <tbody>
                {gearRatios.map((g) => (
                  <tr key={g.name}>
                    <th scope="row">{g.name}</th>
                    <td>
                      {g.ratio}
                      {own(g.own)}
                    </td>
                    <td>{g.speedAtMaxRpm ? `${g.speedAtMaxRpm} kph` : <SetupValue value={null} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </LabelledSection>

      <LabelledSection title="Suspension & Alignment" level={4}>
        {suspension === null ? (
          <p className={styles.blank}>{emptyText}</p>
        ) : (
          <>
            <TableScroll label="Suspension and alignment table">
              <table className={styles.table}>
                <ColumnHeads names={['Setting', 'Front', 'Rear']} />
                <tbody>
                  {SUSPENSION_SETTINGS.map((s) => (
                    <tr key={s.key}>
                      <th scope="row">{s.label}</th>
                      <td>
                        <SetupValue value={suspension[`front${s.key}`]} />
                        {own(suspension.ownFields.includes(`front${s.key}`))}
                      </td>
                      <td>
                        <SetupValue value={suspension[`rear${s.key}`]} />
                        {own(suspension.ownFields.includes(`rear${s.key}`))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {suspension.notes && <p className={styles.notes}>Notes: {suspension.notes}</p>}
          </>
        )}
      </LabelledSection>

      <LabelledSection title="Tire Pressures" level={4}>
        {tirePressures.items.length === 0 ? (
          <p className={styles.blank}>{emptyText}</p>
        ) : (
          <>
            <TableScroll label="Tire pressures table">
              <table className={styles.table}>
                <ColumnHeads names={['Condition', 'Front Left', 'Front Right', 'Rear Left', 'Rear Right']} />
                <tbody>
                  {tirePressures.items.map((t) => (
                    <tr key={t.condition}>
                      <th scope="row">
                        {t.condition}
                        {own(t.own)}
                      </th>
                      <CornerCells row={t} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {tirePressures.notes && <p className={styles.notes}>Notes: {tirePressures.notes}</p>}
          </>
        )}
      </LabelledSection>

      <LabelledSection title="Setup Sheet" level={4}>
        {isBlankSheet(setup.setupSheet) ? <p className={styles.blank}>{emptyText}</p> : <SetupSheetTables sheet={setup.setupSheet} ownBadge={markOwn ? (o) => <OwnBadge own={o} /> : undefined} />}
      </LabelledSection>
      {markOwn && <p className={styles.legend}>{OWN_LEGEND}</p>}
    </div>
  );
}
