import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { format, parseISO } from 'date-fns';
import { ISSUE_TYPES, NewIssueBody, type RaceEvent } from '@pitwall/contracts';
import { Card, SelectField, TextAreaField, TextField, errorMessage, uploadSizeError, useToast, useUploadLimit, useCreateIssue, uploadImage, FormActions } from '@pitwall/kit';
import styles from './issues.module.css';

/** The form's fields: the contract's, with the race event as the select's text value ('' = none). */
const IssueFormSchema = NewIssueBody.omit({ carId: true, eventId: true, imageUrl: true }).extend({ raceEventId: z.string() });
type IssueFormInput = z.input<typeof IssueFormSchema>;

const PRIORITIES = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'future', label: 'Future' },
];
const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'resolved', label: 'Resolved' },
];

/** Which column the form adds to: an event issue (default type issue) or an equipment need (default type tool). */
export type IssueFormMode = 'issue' | 'equipment';

/**
 * The add form of Issues & Tools (docs/product.md, 'Issues & Tools', 'Validation'): title ≥ 2, description ≥ 5, type, priority, status,
 * optional race event and optional image. The image is uploaded first; when that fails the issue
 * is saved without it ('Failed to upload image. Issue will be saved without image.').
 */
export function IssueForm({ carId, mode, raceEvents, onDone }: { carId: number; mode: IssueFormMode; raceEvents: RaceEvent[]; onDone: () => void }) {
  const create = useCreateIssue(carId);
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const uploadLimit = useUploadLimit();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<IssueFormInput>({
    resolver: zodResolver(IssueFormSchema),
    defaultValues: { title: '', description: '', type: mode === 'equipment' ? 'tool' : 'issue', priority: 'medium', status: 'open', raceEventId: '' },
  });
  const title = mode === 'equipment' ? 'Add Equipment Need' : 'Add Issue';

  const onSubmit = handleSubmit(async ({ raceEventId, ...values }) => {
    if (fileError) return;
    let imageUrl: string | null = null;
    let uploadFailed = false;
    if (file) {
      try {
        imageUrl = (await uploadImage(file)).url;
      } catch {
        uploadFailed = true;
        toast.error('Failed to upload image. Issue will be saved without image.');
      }
    }
    try {
      await create.mutateAsync({ ...values, eventId: raceEventId ? Number(raceEventId) : null, imageUrl });
      // One toast is visible at a time (docs/product.md, 'Constants and limits'): after a failed upload, its warning stays on screen.
      if (!uploadFailed) toast.success('Issue added successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to add issue: ${errorMessage(error)}`);
    }
  });

  return (
    <Card title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <div className={styles.formGrid}>
          <TextField className={styles.full} label="Title" placeholder={mode === 'equipment' ? 'e.g. 17mm deep socket' : 'e.g. Brake pedal goes long'} error={errors.title?.message} {...register('title')} />
          <TextAreaField className={styles.full} label="Description" placeholder="What is wrong, or what is needed and why" error={errors.description?.message} {...register('description')} />
          <SelectField label="Type" options={ISSUE_TYPES} error={errors.type?.message} {...register('type')} />
          <SelectField label="Priority" options={PRIORITIES} error={errors.priority?.message} {...register('priority')} />
          <SelectField label="Status" options={STATUSES} error={errors.status?.message} {...register('status')} />
          <SelectField
            className={styles.full}
            label="Race event (optional)"
            options={[{ value: '', label: 'No race event' }, ...raceEvents.map((e) => ({ value: String(e.id), label: `${e.name} · ${format(parseISO(e.date.slice(0, 10)), 'MMMM d, yyyy')}` }))]}
            {...register('raceEventId')}
          />
          <TextField
            className={styles.full}
            label="Image (optional)"
            type="file"
            accept="image/*"
            error={fileError}
            helperText={file ? <span className={styles.fileMeta}>{`${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`}</span> : 'A photo of the problem or the part (JPG, PNG, WebP).'}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen && !chosen.type.startsWith('image/') ? 'Please choose an image file' : uploadSizeError(chosen, uploadLimit));
            }}
          />
        </div>
        <FormActions submitLabel="Save" isSaving={isSubmitting} onCancel={onDone} />
      </form>
    </Card>
  );
}
