import type { Issue } from '@pitwall/contracts';
import { Button, Card } from '@pitwall/kit';
import { countIssueStatuses, ISSUE_STATUS_LABELS } from '../lib/race-event-format';
import { IssueItem } from './issue-item';
import styles from './race-events.module.css';

/**
 * Issues tab (docs/product.md, 'Race events'): 'Issues to Resolve Before Next Event', counters Open / In Progress / Resolved
 * over the real statuses, and every issue with its status transitions.
 */
export function IssuesTab({ issues, onAddIssue }: { issues: readonly Issue[]; onAddIssue: () => void }) {
  const counts = countIssueStatuses(issues);
  const counters = [
    { status: 'open', value: counts.open },
    { status: 'in-progress', value: counts.inProgress },
    { status: 'resolved', value: counts.resolved },
  ] as const;
  return (
    <Card title="Issues to Resolve Before Next Event" actions={<Button size="sm" onClick={onAddIssue}>Add Issue</Button>}>
      <ul className={styles.counters} style={{ listStyle: 'none', padding: 0, marginTop: 0 }} aria-label="Issue status counts">
        {counters.map((c) => (
          <li key={c.status} className={styles.counter} aria-label={`${ISSUE_STATUS_LABELS[c.status]}: ${c.value}`}>
            <span className={styles.counterValue}>{c.value}</span>
            <span className={styles.counterLabel}>
              <span className={styles.dot} data-status={c.status} aria-hidden="true" />
              {ISSUE_STATUS_LABELS[c.status]}
            </span>
          </li>
        ))}
      </ul>
      {issues.length === 0 ? (
        <p className={styles.muted}>No issues for this event yet.</p>
      ) : (
        <ul className={styles.issueList} aria-label="Issues">
          {issues.map((issue) => (
            <IssueItem key={issue.id} issue={issue} withTransitions />
          ))}
        </ul>
      )}
    </Card>
  );
}
