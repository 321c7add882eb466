import { format, parseISO } from 'date-fns';
import { ISSUE_TRANSITIONS, ISSUE_TYPES, type Issue, type IssueStatus, type RaceEvent } from '@pitwall/contracts';
import { Badge, Button, errorMessage, safeImageUrl, useToast, useUpdateIssueStatus } from '@pitwall/kit';
import styles from './issues.module.css';

const STATUS_LABEL: Record<IssueStatus, string> = { open: 'Open', 'in-progress': 'In Progress', resolved: 'Resolved' };
const STATUS_TONE = { open: 'danger', 'in-progress': 'warning', resolved: 'success' } as const;
const PRIORITY_TONE = { high: 'danger', medium: 'warning', low: 'neutral', future: 'primary' } as const;
const PRIORITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low', future: 'Future' } as const;

/** One issue or equipment need: title, type, priority, status, race event, image, and its status buttons (docs/product.md, 'States and transitions'). */
export function IssueCard({ issue, raceEvent }: { issue: Issue; raceEvent: RaceEvent | undefined }) {
  const update = useUpdateIssueStatus(issue.carId);
  const toast = useToast();
  const titleId = `issue-${issue.id}-title`;
  const imageUrl = safeImageUrl(issue.imageUrl);
  const typeLabel = ISSUE_TYPES.find((t) => t.value === issue.type)?.label ?? issue.type;

  const changeStatus = async (status: IssueStatus) => {
    try {
      await update.mutateAsync({ issueId: issue.id, status });
      toast.success('Status Updated');
    } catch (error) {
      toast.error(`Failed to update status: ${errorMessage(error)}`);
    }
  };

  return (
    <li>
      <article className={styles.item} data-status={issue.status} aria-labelledby={titleId}>
        <div className={styles.itemHead}>
          <h3 id={titleId} className={styles.itemTitle}>
            {issue.title}
          </h3>
          <Badge tone={STATUS_TONE[issue.status]}>{STATUS_LABEL[issue.status]}</Badge>
        </div>
        <div className={styles.badges}>
          <Badge>{typeLabel}</Badge>
          <Badge tone={PRIORITY_TONE[issue.priority]}>{`${PRIORITY_LABEL[issue.priority]} priority`}</Badge>
        </div>
        <p className={styles.description}>{issue.description}</p>
        {imageUrl && (
          <a href={imageUrl} target="_blank" rel="noopener noreferrer">
            <img className={styles.thumb} src={imageUrl} alt={`Photo: ${issue.title}`} loading="lazy" />
          </a>
        )}
        <p className={styles.meta}>
          {raceEvent ? `${raceEvent.name} · ` : ''}
          {`Added ${format(parseISO(issue.createdAt), 'MMM d, yyyy')}`}
        </p>
        <div className={styles.actions}>
          {ISSUE_TRANSITIONS.filter((t) => t.from === issue.status).map((t) => (
            <Button key={t.to} size="sm" variant={t.to === 'resolved' ? 'primary' : 'secondary'} disabled={update.isPending} onClick={() => void changeStatus(t.to)}>
              {t.label}
            </Button>
          ))}
        </div>
      </article>
    </li>
  );
}
