import { useState } from 'react';
import type { SetupComparison } from '@pitwall/contracts';
import { Alert, Badge, Card, SelectField, Skeleton, errorMessage, useRaceEvents, useSetupComparison, type CompareTarget } from '@pitwall/kit';
import { SECTION_LABELS, SETUP_SECTIONS, flattenSetup, formatDay } from '../lib/audit-format';
import { OWN_LEGEND, OwnBadge } from './own-badge';
import { TableScroll } from './table-scroll';
import styles from './setup-audit.module.css';

function Value({ value }: { value: string | null }) {
  return value === null ? <span className={styles.blank}>Not set</span> : <>{value}</>;
}

/**
 * The two setups of a comparison side by side, one row per setting, grouped by section. Rows the
 * server lists in `differences` are highlighted AND carry the text 'Differs' (not colour alone).
 * Settings unset on both sides are left out. A race event's own values carry the 'Race event'
 * badge (not on the baseline side, where every value is the baseline's).
 */
export function ComparisonTable({ comparison, rightIsBaseline = false }: { comparison: SetupComparison; rightIsBaseline?: boolean }) {
  const left = flattenSetup(comparison.left.setup, comparison.left.finalDriveRatio);
  const right = flattenSetup(comparison.right.setup, comparison.right.finalDriveRatio);
  const differs = new Set(comparison.differences.map((d) => `${d.section}|${d.field}`));
  const count = comparison.differences.length;

  return (
    <>
      <p className={styles.summary} role="status">
        {count === 0 ? 'No differences: the two setups are the same.' : `${count} ${count === 1 ? 'difference' : 'differences'}, marked 'Differs'.`}
      </p>
      <TableScroll label="Compared setups">
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>
            {comparison.left.label} compared with {comparison.right.label}
          </caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">{comparison.left.label}</th>
              <th scope="col">{comparison.right.label}</th>
            </tr>
          </thead>
          {SETUP_SECTIONS.map((section) => {
            const fields = [...new Set([...left, ...right].filter((l) => l.section === section).map((l) => l.field))];
            const rows = fields
              .map((field) => ({
                field,
                left: left.find((l) => l.field === field)?.value ?? null,
                right: right.find((l) => l.field === field)?.value ?? null,
                leftOwn: left.find((l) => l.field === field)?.own ?? false,
                rightOwn: !rightIsBaseline && (right.find((l) => l.field === field)?.own ?? false),
                differs: differs.has(`${section}|${field}`),
              }))
              .filter((r) => r.left !== null || r.right !== null);
            return (
              <tbody key={section}>
                <tr className={styles.sectionRow}>
                  <th scope="colgroup" colSpan={3}>
                    {SECTION_LABELS[section]}
                  </th>
                </tr>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={3} className={styles.blank}>
                      Not set on either side
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.field} className={row.differs ? styles.differs : undefined} data-differs={row.differs || undefined}>
                      <th scope="row">
                        {row.field}
                        {row.differs && (
                          <Badge tone="warning" className={styles.differsMark}>
                            Differs
                          </Badge>
                        )}
                      </th>
                      <td>
                        <Value value={row.left} />
                        <OwnBadge own={row.leftOwn} />
                      </td>
                      <td>
                        <Value value={row.right} />
                        <OwnBadge own={row.rightOwn} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            );
          })}
        </table>
      </TableScroll>
      <p className={styles.legend}>{OWN_LEGEND}</p>
    </>
  );
}

/**
 * 'Compare with…': this race event's setup (left) beside another race event's or the car's
 * baseline (right), as each race event runs it (its own section, else the baseline).
 */
export function CompareSetups({ carId, raceEventId }: { carId: number; raceEventId: number }) {
  const [target, setTarget] = useState<CompareTarget>('baseline');
  const raceEvents = useRaceEvents(carId);
  const comparison = useSetupComparison(carId, raceEventId, target);
  const options = [
    { value: 'baseline', label: 'Baseline' },
    ...(raceEvents.data ?? []).filter((e) => e.id !== raceEventId).map((e) => ({ value: String(e.id), label: `${e.name} · ${formatDay(e.date)}` })),
  ];

  return (
    <Card title="Compare with…">
      <div className={styles.controls}>
        <SelectField
          label="Compare with"
          value={String(target)}
          options={options}
          onChange={(e) => setTarget(e.target.value === 'baseline' ? 'baseline' : Number(e.target.value))}
        />
      </div>
      {comparison.error ? (
        <Alert title="The setups could not be compared.">{errorMessage(comparison.error)}</Alert>
      ) : comparison.isPending ? (
        <Skeleton height="10rem" />
      ) : (
        <ComparisonTable comparison={comparison.data} rightIsBaseline={target === 'baseline'} />
      )}
    </Card>
  );
}
