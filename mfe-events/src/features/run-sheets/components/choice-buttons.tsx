import styles from './run-sheets.module.css';

/**
 * One choice of a few, as a row of toggle buttons (aria-pressed, ≥ 44 px, wrapping on a phone) in a
 * group named `label`: which reading of a session, which corner of a trend.
 */
export function ChoiceButtons<T extends string | number>({ label, options, value, onChange }: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className={styles.tags} role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className={styles.tag} aria-pressed={o.value === value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
