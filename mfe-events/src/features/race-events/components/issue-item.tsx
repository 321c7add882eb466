import type { Issue, IssueStatus } from '@pitwall/contracts';
import { ISSUE_TRANSITIONS } from '@pitwall/contracts/values';
import { Badge, Button, errorMessage, useToast, useUpdateIssueStatus } from '@pitwall/kit';
import { ISSUE_PRIORITY_LABELS, ISSUE_STATUS_LABELS, issueTypeLabel, statusTone } from '../lib/race-event-format';
import styles from './race-events.module.css';

export interface IssueItemProps {
  issue: Issue;
  /** Show the status transition buttons (docs/product.md, 'States and transitions'). */
  withTransitions?: boolean;
  /** A line under the title, e.g. the race event the issue came from. */
  origin?: string;
}

/** One issue, tool, part or note: title, type, priority, status, description, and its status transitions. */
export function IssueItem({ issue, withTransitions = false, origin }: IssueItemProps) {
  const updateStatus = useUpdateIssueStatus(issue.carId);
  const toast = useToast();
  const transitions = ISSUE_TRANSITIONS.filter((t) => t.from === issue.status);

  const move = async (status: IssueStatus) => {
    try {
      await updateStatus.mutateAsync({ issueId: issue.id, status });
      toast.toast({ title: 'Status Updated', description: `'${issue.title}' is now ${ISSUE_STATUS_LABELS[status]}.` });
    } catch (error) {
      toast.error(`Failed to update status: ${errorMessage(error)}`);
    }
  };

  return (
    <li className={styles.issue} data-status={issue.status} aria-label={issue.title}>
      <div className={styles.issueTop}>
        <span className={styles.issueTitle}>{issue.title}</span>
        <span className={styles.issueBadges}>
          <Badge tone={statusTone(issue.status)}>{ISSUE_STATUS_LABELS[issue.status]}</Badge>
          <Badge tone="neutral">{issueTypeLabel(issue.type)}</Badge>
          <Badge tone={issue.priority === 'high' ? 'accent' : 'neutral'}>{ISSUE_PRIORITY_LABELS[issue.priority]}</Badge>
        </span>
      </div>
      {origin && <span className={styles.issueOrigin}>{origin}</span>}
      <p className={styles.issueDescription}>{issue.description}</p>
      {withTransitions && transitions.length > 0 && (
        <div className={styles.issueActions}>
          {transitions.map((t) => (
            <Button key={t.to} size="sm" variant="secondary" disabled={updateStatus.isPending} onClick={() => void move(t.to)}>
              {t.label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
