import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { NewIssueBody, type RaceEvent } from '@pitwall/contracts';
import { ISSUE_TYPES } from '@pitwall/contracts/values';
import { Card, SelectField, TextAreaField, TextField, errorMessage, useToast, useCreateIssue, FormActions } from '@pitwall/kit';
import { ISSUE_PRIORITY_LABELS, ISSUE_STATUS_LABELS } from '../lib/race-event-format';
import { FullPageForm } from './full-page-form';
import styles from './race-events.module.css';

const IssueFields = NewIssueBody.pick({ title: true, description: true, type: true, priority: true, status: true });

const TYPE_OPTIONS = ISSUE_TYPES.map((t) => ({ value: t.value, label: t.label }));
const PRIORITY_OPTIONS = (['high', 'medium', 'low'] as const).map((p) => ({ value: p, label: ISSUE_PRIORITY_LABELS[p] }));
const STATUS_OPTIONS = (['open', 'in-progress', 'resolved'] as const).map((s) => ({ value: s, label: ISSUE_STATUS_LABELS[s] }));

/**
 * Full-page 'Add Issue/Tool Request' form for one race event (docs/product.md, 'Validation'): title ≥ 2,
 * description ≥ 5; type, priority and status default to issue, medium, open; the race event is preset.
 */
export function AddIssueForm({ raceEvent, onDone }: { raceEvent: RaceEvent; onDone: () => void }) {
  const createIssue = useCreateIssue(raceEvent.carId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof IssueFields>, unknown, z.output<typeof IssueFields>>({
    resolver: zodResolver(IssueFields),
    defaultValues: { title: '', description: '', type: 'issue', priority: 'medium', status: 'open' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createIssue.mutateAsync({ ...values, eventId: raceEvent.id });
      toast.success('Issue added successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to add issue: ${errorMessage(error)}`);
    }
  });

  return (
    <FullPageForm title="Add Issue/Tool Request" subtitle={`For ${raceEvent.name}`}>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Add Issue/Tool Request">
          <div style={{ display: 'grid', gap: '1rem' }}>
            <TextField label="Title" placeholder="e.g. Brake pedal goes long" error={errors.title?.message} {...register('title')} />
            <TextAreaField
              label="Description"
              placeholder="What happens, when, and what to check"
              error={errors.description?.message}
              {...register('description')}
            />
            <div className={styles.formGrid}>
              <SelectField label="Type" options={TYPE_OPTIONS} error={errors.type?.message} {...register('type')} />
              <SelectField label="Priority" options={PRIORITY_OPTIONS} error={errors.priority?.message} {...register('priority')} />
              <SelectField label="Status" options={STATUS_OPTIONS} error={errors.status?.message} {...register('status')} />
            </div>
          </div>
          <FormActions submitLabel="Add Issue" isSaving={isSubmitting} onCancel={onDone} />
        </form>
      </Card>
    </FullPageForm>
  );
}
