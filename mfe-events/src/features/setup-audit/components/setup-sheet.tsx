import { isBlankSheet, SetupSheetTables } from '@pitwall/setup-forms/display';
import type { SetupSheet } from '../lib/setup-sheet';
import { formatAt, formatDay } from '../lib/audit-format';
import { OWN_LEGEND, OwnBadge } from './own-badge';
import { ColumnHeads, CornerCells } from './setup-tables';
import styles from './setup-sheet.module.css';

function V({ value }: { value: string | null | undefined }) {
  return value === null || value === undefined || value.trim() === '' ? <span className={styles.blank}>—</span> : <>{value}</>;
}

/**
 * The printable setup sheet of a race event: car and race event facts, final drive and gear ratios,
 * suspension & alignment (front/rear) and its geometry, tire pressures, corner weights, maintenance dates,
 * the engineer's setup sheet (the corners' table and the car-wide settings, as the Setup Sheet cards
 * show it), notes and sign-off lines.
 * Marked `data-print-sheet`: while printing, everything outside it is hidden (setup-sheet-print.css).
 * Two columns on paper and wide screens, one on phones.
 */
export function SetupSheetView({ sheet }: { sheet: SetupSheet }) {
  const { car, raceEvent, finalDrive } = sheet;
  const notes = [
    ['Final drive', finalDrive.notes],
    ['Suspension', sheet.suspensionNotes],
    ['Tire pressures', sheet.tirePressureNotes],
  ].filter((n): n is [string, string] => Boolean(n[1]));
  const eventFacts = [raceEvent.location, formatDay(raceEvent.date), raceEvent.trackLength, raceEvent.weather].filter(Boolean).join(' · ');
  const carFacts = [car.makeModel, String(car.year), car.carClass, car.engine, car.power, car.weight].filter(Boolean).join(' · ');

  return (
    <article className={styles.sheet} data-print-sheet aria-label="Setup sheet">
      <header className={styles.header}>
        <p className={styles.kicker}>Setup Sheet</p>
        <h1 className={styles.title}>{raceEvent.name}</h1>
        <p className={styles.facts}>{eventFacts}</p>
        <p className={styles.facts}>
          <strong>{car.name}</strong> · {carFacts}
        </p>
      </header>

      <div className={styles.columns}>
        <div className={styles.column}>
          <section aria-labelledby="sheet-gearing" className={styles.block}>
            <h2 id="sheet-gearing">Gearing</h2>
            <p className={styles.finalDrive}>
              Final drive ratio: <strong><V value={finalDrive.ratio} /></strong>
              <OwnBadge own={finalDrive.own} />
            </p>
            {sheet.gearRatios.length ? (
              <table className={styles.table}>
                <ColumnHeads names={['Gear', 'Ratio', 'Speed at max RPM']} />
                <tbody>
                  {sheet.gearRatios.map((g) => (
                    <tr key={g.name}>
                      <th scope="row">{g.name}</th>
                      <td>
                        {g.ratio}
                        <OwnBadge own={g.own} />
                      </td>
                      <td>{g.speedAtMaxRpm ? `${g.speedAtMaxRpm} kph` : <V value={null} />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.blank}>No gear ratios recorded.</p>
            )}
          </section>

          <section aria-labelledby="sheet-tires" className={styles.block}>
            <h2 id="sheet-tires">Tire Pressures</h2>
            {sheet.tirePressures.length ? (
              <table className={`${styles.table} ${styles.nowrap}`}>
                <thead>
                  <tr>
                    <th scope="col">Condition</th>
                    <th scope="col">
                      <abbr title="Front Left">FL</abbr>
                    </th>
                    <th scope="col">
                      <abbr title="Front Right">FR</abbr>
                    </th>
                    <th scope="col">
                      <abbr title="Rear Left">RL</abbr>
                    </th>
                    <th scope="col">
                      <abbr title="Rear Right">RR</abbr>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.tirePressures.map((t) => (
                    <tr key={t.condition}>
                      <th scope="row">
                        {t.condition}
                        <OwnBadge own={t.own} />
                      </th>
                      <CornerCells row={t} />
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.blank}>No tire pressures recorded.</p>
            )}
          </section>

          <section aria-labelledby="sheet-corner-weights" className={styles.block}>
            <h2 id="sheet-corner-weights">Corner Weights</h2>
            {sheet.cornerWeights.length ? (
              <table className={styles.table}>
                <tbody>
                  {sheet.cornerWeights.map((c) => (
                    <tr key={c.field}>
                      <th scope="row">{c.field}</th>
                      <td>
                        <V value={c.value} />
                        <OwnBadge own={c.own} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.blank}>No corner weights recorded.</p>
            )}
          </section>
        </div>

        <div className={styles.column}>
          <section aria-labelledby="sheet-suspension" className={styles.block}>
            <h2 id="sheet-suspension">Suspension &amp; Alignment</h2>
            <table className={styles.table}>
              <ColumnHeads names={['Setting', 'Front', 'Rear']} />
              <tbody>
                {sheet.suspension.map((s) => (
                  <tr key={s.setting}>
                    <th scope="row">{s.setting}</th>
                    <td>
                      <V value={s.front} />
                      <OwnBadge own={s.frontOwn} />
                    </td>
                    <td>
                      <V value={s.rear} />
                      <OwnBadge own={s.rearOwn} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          {sheet.geometry.length > 0 && (
            <section aria-labelledby="sheet-geometry" className={styles.block}>
              <h2 id="sheet-geometry">Geometry</h2>
              <table className={styles.table}>
                <tbody>
                  {sheet.geometry.map((g) => (
                    <tr key={g.field}>
                      <th scope="row">{g.field}</th>
                      <td>{g.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}

          <section aria-labelledby="sheet-maintenance" className={styles.block}>
            <h2 id="sheet-maintenance">Maintenance</h2>
            <table className={styles.table}>
              <tbody>
                {sheet.maintenance.map((m) => (
                  <tr key={m.item}>
                    <th scope="row">{m.item}</th>
                    <td>{m.date ? formatDay(m.date) : <span className={styles.blank}>Not recorded</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      </div>

      <section aria-labelledby="sheet-engineer" className={styles.block}>
        <h2 id="sheet-engineer">Engineer's Setup Sheet</h2>
        {isBlankSheet(sheet.engineerSheet) ? (
          <p className={styles.blank}>No setup sheet recorded.</p>
        ) : (
          <SetupSheetTables sheet={sheet.engineerSheet} ownBadge={(own) => <OwnBadge own={own} />} />
        )}
      </section>

      {notes.length > 0 && (
        <section aria-labelledby="sheet-notes" className={styles.block}>
          <h2 id="sheet-notes">Notes</h2>
          <dl className={styles.notes}>
            {notes.map(([label, text]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <footer className={styles.footer}>
        <div className={styles.signoff}>
          <span>Set up by</span>
          <span>Checked by</span>
          <span>Date / time</span>
        </div>
        <p className={styles.generated}>
          {OWN_LEGEND} Generated by Pitwall on {formatAt(sheet.generatedAt)}
        </p>
      </footer>
    </article>
  );
}
