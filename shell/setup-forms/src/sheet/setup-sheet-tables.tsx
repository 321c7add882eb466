import type { ReactNode } from 'react';
import type { SetupSheet } from '@pitwall/contracts';
import { SHEET_CORNER_LABELS, SHEET_CORNERS, setupSheetFieldLabel, type SetupSheetField } from '@pitwall/contracts/values';
import { CORNER_SETTING_PATHS, cornerPath, cornerSettingLabel, SHEET_GROUPS, sheetTexts } from './sheet-layout';
import styles from './setup-sheet.module.css';

export interface SetupSheetTablesProps {
  /** The car's sheet, or a race event's effective one (`ownFields`: its own values); its ids are not needed. */
  sheet: Omit<SetupSheet, 'carId' | 'eventId'>;
  /** Marks a race event's own value (e.g. the 'Race event' badge); leave out on the car's sheet. */
  ownBadge?: ((own: boolean) => ReactNode) | undefined;
}

/** A recorded value with its own-value mark, or '—'. */
function Value({ text, own, ownBadge }: { text: string; own: boolean; ownBadge: SetupSheetTablesProps['ownBadge'] }) {
  if (text === '') return <span className={styles.dash}>—</span>;
  return (
    <>
      {text}
      {own && ownBadge && <span className={styles.own}>{ownBadge(true)}</span>}
    </>
  );
}

/**
 * The setup sheet read: the four corners as one compact table (a row per setting, FL FR RL RR
 * across, the unit in the row's name), then aero, brakes, differential, electronics, anti-roll bars,
 * ballast and the notes. Only what is recorded is shown: a setting or group with no value at all is
 * left out, a corner or field without one reads '—'. On a race event its own values carry `ownBadge`;
 * the others are the car's. Fits a 390 px phone without sideways scrolling.
 */
export function SetupSheetTables({ sheet, ownBadge }: SetupSheetTablesProps) {
  const texts = sheetTexts(sheet);
  const own = (path: SetupSheetField) => sheet.ownFields.includes(path);
  const rows = CORNER_SETTING_PATHS.filter((setting) => SHEET_CORNERS.some((c) => texts[cornerPath(c, setting)] !== ''));
  const groups = SHEET_GROUPS.filter((g) => g.fields.some((f) => texts[f] !== ''));
  return (
    <div className={styles.read}>
      {rows.length > 0 && (
        <table className={styles.cornerTable} aria-label="Corners">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              {SHEET_CORNERS.map((c) => (
                <th key={c} scope="col">
                  {SHEET_CORNER_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((setting) => (
              <tr key={setting}>
                <th scope="row">{cornerSettingLabel(setting)}</th>
                {SHEET_CORNERS.map((c) => (
                  <td key={c}>
                    <Value text={texts[cornerPath(c, setting)]} own={own(cornerPath(c, setting))} ownBadge={ownBadge} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {groups.map((g) => (
        <section key={g.title} className={styles.group} aria-label={g.title}>
          <h3>{g.title}</h3>
          <dl className={styles.fields}>
            {g.fields.map((f) => (
              <div key={f} className={styles.field}>
                <dt>{setupSheetFieldLabel(f)}</dt>
                <dd>
                  <Value text={texts[f]} own={own(f)} ownBadge={ownBadge} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {texts.notes !== '' && (
        <section className={styles.group} aria-label="Notes">
          <h3>Notes</h3>
          <p className={styles.notes}>
            <Value text={texts.notes} own={own('notes')} ownBadge={ownBadge} />
          </p>
        </section>
      )}
    </div>
  );
}
