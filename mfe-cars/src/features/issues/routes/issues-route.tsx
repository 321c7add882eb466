import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Issue, RaceEvent } from '@pitwall/contracts';
import { Alert, ApiError, Badge, Button, Card, Skeleton, errorMessage, useSelectedCar, CarNotFound, useIssues, useRaceEvents } from '@pitwall/kit';
import { IssueCard } from '../components/issue-card';
import { IssueForm, type IssueFormMode } from '../components/issue-form';
import { splitIssues } from '../lib/split-issues';
import styles from '../components/issues.module.css';

interface ColumnProps {
  title: string;
  badge: string;
  addLabel: string;
  emptyText: string;
  emptyAction: string;
  items: Issue[];
  raceEvents: RaceEvent[];
  onAdd: () => void;
}

function IssueColumn({ title, badge, addLabel, emptyText, emptyAction, items, raceEvents, onAdd }: ColumnProps) {
  return (
    <Card
      title={
        <span className={styles.columnHead}>
          {title} <Badge tone="primary">{badge}</Badge>
        </span>
      }
      actions={
        items.length > 0 && (
          <Button size="sm" onClick={onAdd}>
            {addLabel}
          </Button>
        )
      }
    >
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>{emptyText}</p>
          <Button onClick={onAdd}>{emptyAction}</Button>
        </div>
      ) : (
        <ul className={styles.list}>
          {items.map((issue) => (
            <IssueCard key={issue.id} issue={issue} raceEvent={raceEvents.find((e) => e.id === issue.eventId)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Issues & Tools (/car/:id/issues): Event Issues and Equipment & Tools columns; Add opens a form that replaces them. */
export function IssuesRoute() {
  const params = useParams();
  const carId = Number.parseInt(params.id ?? '', 10);
  const { data: issues, isPending, error } = useIssues(carId);
  const { data: raceEvents = [] } = useRaceEvents(carId);
  const { selectCar } = useSelectedCar();
  const [mode, setMode] = useState<IssueFormMode | null>(null);

  useEffect(() => {
    if (Number.isInteger(carId) && issues) selectCar(carId);
  }, [carId, issues, selectCar]);

  if (Number.isNaN(carId) || (error instanceof ApiError && error.status === 404)) {
    return <CarNotFound />;
  }

  if (mode) {
    return (
      <div className={styles.page}>
        <IssueForm carId={carId} mode={mode} raceEvents={raceEvents} onDone={() => setMode(null)} />
      </div>
    );
  }

  let body;
  if (error) body = <Alert title="Issues could not be loaded.">{errorMessage(error)}</Alert>;
  else if (isPending)
    body = (
      <div className={styles.columns} role="status" aria-busy="true" aria-label="Loading issues">
        {[0, 1].map((i) => (
          <Card key={i}>
            <div className={styles.loading}>
              <Skeleton width="50%" height="1.5rem" />
              <Skeleton height="5rem" />
              <Skeleton height="5rem" />
            </div>
          </Card>
        ))}
      </div>
    );
  else {
    const { eventIssues, equipment, openCount, neededCount } = splitIssues(issues);
    body = (
      <div className={styles.columns}>
        <IssueColumn
          title="Event Issues"
          badge={`${openCount} Open`}
          addLabel="Add Issue"
          emptyText="No event issues tracked yet"
          emptyAction="Add First Issue"
          items={eventIssues}
          raceEvents={raceEvents}
          onAdd={() => setMode('issue')}
        />
        <IssueColumn
          title="Equipment & Tools"
          badge={`${neededCount} Needed`}
          addLabel="Add Equipment"
          emptyText="No equipment needs tracked yet"
          emptyAction="Add First Equipment Need"
          items={equipment}
          raceEvents={raceEvents}
          onAdd={() => setMode('equipment')}
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>Issues &amp; Tools</h1>
        <p className={styles.subtitle}>What to fix, fetch or remember before the next race event.</p>
      </header>
      {body}
    </div>
  );
}
