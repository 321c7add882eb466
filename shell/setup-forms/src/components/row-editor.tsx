import type { ReactNode } from 'react';
import { Button } from '@pitwall/kit';
import styles from './setup-forms.module.css';

/** One row of a row editor (gear ratios, tire pressures): a fieldset named by its legend ('Condition 2'), its fields, then its buttons. */
export function RowEditor({ legend, fieldsClassName, buttons, children }: { legend: string; fieldsClassName: string | undefined; buttons: ReactNode; children: ReactNode }) {
  return (
    <li>
      <fieldset className={styles.rowEditor}>
        <legend>{legend}</legend>
        <div className={fieldsClassName}>
          {children}
          <div className={styles.rowButtons}>{buttons}</div>
        </div>
      </fieldset>
    </li>
  );
}

/** A 44 px icon button of a row ('×', '↑', '↓') with its accessible name, e.g. 'Remove Wet (Cold)'. */
export function RowButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="ghost" className={styles.iconButton} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
