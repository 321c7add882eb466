import { useId, useState, type FormEvent } from 'react';
import type { PatchRaceEventBody, RaceEvent } from '@pitwall/contracts';
import { Button, Card, errorMessage, safeImageUrl, uploadSizeError, useToast, useUploadLimit, useUpdateRaceEvent, uploadImage } from '@pitwall/kit';
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

/**
 * Full-page event images form (docs/product.md, 'Race events'): a profile and a timetable image. Each chosen file is sent
 * to POST /api/upload, then the race event is PATCHed with the answered URLs.
 */
export function RaceEventImagesForm({ raceEvent, onDone }: { raceEvent: RaceEvent; onDone: () => void }) {
  const updateRaceEvent = useUpdateRaceEvent(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const [profile, setProfile] = useState<File | null>(null);
  const [timetable, setTimetable] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ profile?: string; timetable?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const uploadLimit = useUploadLimit();
  // A file over the server's limit is refused here, before it is sent.
  const fileError = (file: File | null) => (file && !file.type.startsWith('image/') ? 'Only image files can be uploaded' : uploadSizeError(file, uploadLimit));
  const choose = (field: 'profile' | 'timetable', file: File | null) => {
    (field === 'profile' ? setProfile : setTimetable)(file);
    setErrors((current) => ({ ...current, [field]: fileError(file) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { profile: fileError(profile), timetable: fileError(timetable), form: !profile && !timetable ? 'Please select an image to upload' : undefined };
    setErrors(next);
    if (next.profile || next.timetable || next.form) return;

    setSaving(true);
    try {
      const body: PatchRaceEventBody = {};
      if (profile) {
        try {
          body.profileImageUrl = (await uploadImage(profile)).url;
        } catch (error) {
          console.error('Profile image upload failed', error);
          toast.error('Failed to upload profile image');
          return;
        }
      }
      if (timetable) {
        try {
          body.timetableImageUrl = (await uploadImage(timetable)).url;
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
    } finally {
      setSaving(false);
    }
  };

  return (
    <FullPageForm title="Event Images" subtitle={`Profile and timetable of ${raceEvent.name}`}>
      <Card>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Event Images">
          <div className={styles.formGrid}>
            <ImageInput label="Profile Image" currentUrl={safeImageUrl(raceEvent.profileImageUrl)} file={profile} error={errors.profile} onChange={(file) => choose('profile', file)} />
            <ImageInput label="Timetable Image" currentUrl={safeImageUrl(raceEvent.timetableImageUrl)} file={timetable} error={errors.timetable} onChange={(file) => choose('timetable', file)} />
          </div>
          {errors.form && (
            <p className="pw-field__error" role="alert" style={{ marginTop: '1rem' }}>
              {errors.form}
            </p>
          )}
          <div className="pw-form-actions">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Uploading...' : 'Save Images'}
            </Button>
          </div>
        </form>
      </Card>
    </FullPageForm>
  );
}
