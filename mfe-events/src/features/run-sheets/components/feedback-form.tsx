import { useState } from 'react';
import type { FeedbackTag, RunSession } from '@pitwall/contracts';
import { FEEDBACK_TAGS } from '@pitwall/contracts/values';
import { Button, Card, TextAreaField, errorMessage, useToast, useUpdateSession } from '@pitwall/kit';
import styles from './run-sheets.module.css';

/** 'Driver Feedback': quick tags a driver taps (toggle buttons, aria-pressed) and free text. */
export function FeedbackForm({ carId, session }: { carId: number; session: RunSession }) {
  const [tags, setTags] = useState<FeedbackTag[]>(session.feedbackTags);
  const [text, setText] = useState(session.feedbackText ?? '');
  const update = useUpdateSession(carId, session.eventId);
  const toast = useToast();
  const toggle = (tag: FeedbackTag) => setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  const save = async () => {
    try {
      await update.mutateAsync({ sessionId: session.id, body: { feedbackTags: tags, feedbackText: text } });
      toast.success('Feedback saved');
    } catch (error) {
      toast.error(`Failed to save feedback: ${errorMessage(error)}`);
    }
  };

  return (
    <Card title="Driver Feedback" headingLevel={3}>
      <div className={styles.stack}>
        <div className={styles.tags} role="group" aria-label="Feedback tags">
          {FEEDBACK_TAGS.map((t) => (
            <button key={t.value} type="button" className={styles.tag} aria-pressed={tags.includes(t.value)} onClick={() => toggle(t.value)}>
              {t.label}
            </button>
          ))}
        </div>
        <TextAreaField label="Feedback notes" placeholder="What the car did, where" value={text} onChange={(e) => setText(e.target.value)} rows={3} />
        <div className={styles.actions}>
          <Button onClick={() => void save()} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Feedback'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
