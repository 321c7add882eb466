import { useState } from 'react';
import { z } from 'zod';
import { ISSUE_TYPES, NewIssueBody, type IssuePriority, type IssueType } from '@pitwall/contracts';
import { FormActions, SelectField, TextAreaField, TextField, errorMessage, uploadImage, uploadSizeError, useCreateIssue, useToast, useUploadLimit } from '@pitwall/kit';
import { useZodForm } from './use-zod-form';

/** The form's fields: the contract's, with the race event as the select's text value ('' = none). */
const IssueFields = NewIssueBody.omit({ carId: true, eventId: true, imageUrl: true }).extend({ raceEventId: z.string() });

const PRIORITY_LABELS: Record<IssuePriority, string> = { high: 'High', medium: 'Medium', low: 'Low', future: 'Future' };
const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'resolved', label: 'Resolved' },
];

/** A race event the user may file the issue under: its id as the select's value, its name (and date) as the option's text. */
export interface RaceEventChoice {
  value: string;
  label: string;
}

/**
 * What the one Add Issue form is told by the screen it stands in: the car; the form's accessible name
 * and submit text; the type it starts on; the placeholders of title and description; the priorities
 * offered; the race event, either fixed by the screen (`eventId`) or chosen in 'Race event (optional)'
 * among `raceEvents`; whether an image may go with it (`withImage`, 'Image (optional)').
 */
export interface AddIssueFormProps {
  carId: number;
  name: string;
  submitLabel: string;
  defaultType: IssueType;
  titlePlaceholder: string;
  descriptionPlaceholder: string;
  priorities: readonly IssuePriority[];
  /** The race event the screen is about (no select), or null with `raceEvents` to choose from. */
  eventId: number | null;
  raceEvents?: readonly RaceEventChoice[];
  withImage?: boolean;
  onDone: () => void;
}

/**
 * The one Add Issue form (docs/product.md, 'Issues & Tools', 'Validation'), used by the car's Issues &
 * Tools and by a race event's 'Add Issue/Tool Request': title ≥ 2, description ≥ 5 (the contract's
 * messages), type, priority and status (medium and open to start), the race event and, where
 * `withImage`, an image uploaded first: when that fails the issue is saved without it ('Failed to
 * upload image. Issue will be saved without image.'). The frame (card, page heading) is the screen's.
 */
export function AddIssueForm({ carId, name, submitLabel, defaultType, titlePlaceholder, descriptionPlaceholder, priorities, eventId, raceEvents = [], withImage = false, onDone }: AddIssueFormProps) {
  const create = useCreateIssue(carId);
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const uploadLimit = useUploadLimit();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(IssueFields, {
    defaultValues: { title: '', description: '', type: defaultType, priority: 'medium', status: 'open', raceEventId: eventId === null ? '' : String(eventId) },
  });

  const onSubmit = handleSubmit(async ({ raceEventId, ...values }) => {
    if (fileError) return;
    let image: { imageUrl: string | null } | undefined;
    let uploadFailed = false;
    if (withImage) {
      image = { imageUrl: null };
      if (file) {
        try {
          image.imageUrl = (await uploadImage(file)).url;
        } catch {
          uploadFailed = true;
          toast.error('Failed to upload image. Issue will be saved without image.');
        }
      }
    }
    try {
      await create.mutateAsync({ ...values, eventId: raceEventId ? Number(raceEventId) : null, ...image });
      // One toast is visible at a time (docs/product.md, 'Constants and limits'): after a failed upload, its warning stays on screen.
      if (!uploadFailed) toast.success('Issue added successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to add issue: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={name}>
      <div className="pw-issue-form">
        <TextField className="pw-issue-form__full" label="Title" placeholder={titlePlaceholder} error={errors.title?.message} {...register('title')} />
        <TextAreaField className="pw-issue-form__full" label="Description" placeholder={descriptionPlaceholder} error={errors.description?.message} {...register('description')} />
        <SelectField label="Type" options={ISSUE_TYPES} error={errors.type?.message} {...register('type')} />
        <SelectField label="Priority" options={priorities.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))} error={errors.priority?.message} {...register('priority')} />
        <SelectField label="Status" options={STATUSES} error={errors.status?.message} {...register('status')} />
        {eventId === null && (
          <SelectField className="pw-issue-form__full" label="Race event (optional)" options={[{ value: '', label: 'No race event' }, ...raceEvents]} {...register('raceEventId')} />
        )}
        {withImage && (
          <TextField
            className="pw-issue-form__full"
            label="Image (optional)"
            type="file"
            accept="image/*"
            error={fileError}
            helperText={file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)` : 'A photo of the problem or the part (JPG, PNG, WebP).'}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen && !chosen.type.startsWith('image/') ? 'Please choose an image file' : uploadSizeError(chosen, uploadLimit));
            }}
          />
        )}
      </div>
      <FormActions submitLabel={submitLabel} isSaving={isSubmitting} onCancel={onDone} />
    </form>
  );
}
