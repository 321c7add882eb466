import { useId, useMemo } from 'react';
import { z } from 'zod';
import type { PatchRaceEventBody, RaceEvent } from '@pitwall/contracts';
import { Button, Card, errorMessage, safeImageUrl, uploadSizeError, useToast, useUploadLimit, useUpdateRaceEvent, uploadImage } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { FullPageForm } from './full-page-form';
import styles from './race-events.module.css';

const RECOMMENDED = 'Recommended size: 1200x800 px or larger, JPG or PNG';

interface ImageInputProps {
  label: string;
  currentUrl: string | null;
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}

/** A labelled image file input with the current image as a preview. */
function ImageInput({ label, currentUrl, file, error, onChange }: ImageInputProps) {
  const id = useId();
  return (
    <div className="pw-field">
      <label className="pw-field__label" htmlFor={id}>
        {label}
      </label>
      {currentUrl && <img className={styles.imagePreview} src={currentUrl} alt={`Current ${label.toLowerCase()}`} />}
      <input
        id={id}
        type="file"
        accept="image/*"
        className={`pw-input ${styles.fileInput}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <span id={`${id}-hint`} className={styles.fileHint}>
        {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : RECOMMENDED}
      </span>
      {error && (
        <span id={`${id}-error`} className="pw-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Why `file` cannot be uploaded: not an image, or over the server's limit (`maxBytes`); undefined when it can (or none is chosen). */
const fileError = (file: File | null, maxBytes: number | null) => (file && !file.type.startsWith('image/') ? 'Only image files can be uploaded' : uploadSizeError(file, maxBytes));

/**
 * The form's schema with the server's upload limit `maxBytes`: each chosen file refused on its field
 * when it cannot be uploaded, and 'Please select an image to upload' (the form's error) when none is chosen.
 */
function imagesSchema(maxBytes: number | null) {
  const image = z.custom<File | null>().superRefine((file, ctx) => {
    const error = fileError(file, maxBytes);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
  return z.object({ profile: image, timetable: image }).superRefine(({ profile, timetable }, ctx) => {
    if (!profile && !timetable) ctx.addIssue({ code: 'custom', path: ['root'], message: 'Please select an image to upload' });
  });
}

/**
 * Full-page event images form (docs/product.md, 'Race events'): a profile and a timetable image. Each chosen file is sent
 * to POST /api/upload, then the race event is PATCHed with the answered URLs.
 */
export function RaceEventImagesForm({ raceEvent, onDone }: { raceEvent: RaceEvent; onDone: () => void }) {
  const updateRaceEvent = useUpdateRaceEvent(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const uploadLimit = useUploadLimit();
  // A file over the server's limit is refused here, before it is sent.
  const schema = useMemo(() => imagesSchema(uploadLimit), [uploadLimit]);
  const {
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { profile: null, timetable: null }, shouldFocusError: false });
  const { profile, timetable } = watch();
  // A chosen file is checked at once.
  const choose = (field: 'profile' | 'timetable', file: File | null) => setValue(field, file, { shouldValidate: true });

  const onSubmit = handleSubmit(async (images) => {
    const body: PatchRaceEventBody = {};
    if (images.profile) {
      try {
        body.profileImageUrl = (await uploadImage(images.profile)).url;
      } catch (error) {
        console.error('Profile image upload failed', error);
        toast.error('Failed to upload profile image');
        return;
      }
    }
    if (images.timetable) {
      try {
        body.timetableImageUrl = (await uploadImage(images.timetable)).url;
      } catch (error) {
        console.error('Timetable image upload failed', error);
        toast.error('Failed to upload timetable image');
        return;
      }
    }
    try {
      await updateRaceEvent.mutateAsync(body);
      toast.success('Event images updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update event images: ${errorMessage(error)}`);
    }
  });

  return (
    <FullPageForm title="Event Images" subtitle={`Profile and timetable of ${raceEvent.name}`}>
      <Card>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Event Images">
          <div className={styles.formGrid}>
            <ImageInput label="Profile Image" currentUrl={safeImageUrl(raceEvent.profileImageUrl)} file={profile ?? null} error={errors.profile?.message} onChange={(file) => choose('profile', file)} />
            <ImageInput label="Timetable Image" currentUrl={safeImageUrl(raceEvent.timetableImageUrl)} file={timetable ?? null} error={errors.timetable?.message} onChange={(file) => choose('timetable', file)} />
          </div>
          {errors.root?.message && (
            <p className="pw-field__error" role="alert" style={{ marginTop: '1rem' }}>
              {errors.root.message}
            </p>
          )}
          <div className="pw-form-actions">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Uploading...' : 'Save Images'}
            </Button>
          </div>
        </form>
      </Card>
    </FullPageForm>
  );
}
