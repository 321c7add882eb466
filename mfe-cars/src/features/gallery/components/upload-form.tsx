import { useRef, useState } from 'react';
import { z } from 'zod';
import { Button, Card, TextAreaField, TextField, errorMessage, uploadSizeError, useToast, useUploadLimit, useAddImage, uploadImage, type UploadProgress } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './gallery.module.css';

/** The form's text fields (the file is chosen apart): caption and description, sent as typed. */
const UploadFields = z.object({ caption: z.string(), description: z.string() });

/** Size in whole KB as the spec shows it next to the chosen file (at least 1). */
export function sizeInKb(bytes: number): number {
  return Math.max(1, Math.round(bytes / 1024));
}

/**
 * The gallery's upload form (docs/product.md, 'Gallery', 'Validation'): an image file (images only; name and size in KB),
 * optional caption and description; 'Upload Image' shows 'Uploading...' and the upload progress.
 * Uploads the file, then records it in the car's gallery; on success the form is cleared and closed.
 */
export function UploadForm({ carId, onDone }: { carId: number; onDone: () => void }) {
  const toast = useToast();
  const addImage = useAddImage(carId);
  const uploadLimit = useUploadLimit();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const { register, handleSubmit, reset } = useZodForm(UploadFields, { defaultValues: { caption: '', description: '' } });
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const submit = handleSubmit(async ({ caption, description }) => {
    if (!file) {
      setFileError('Please select an image to upload');
      return;
    }
    if (!file.type.startsWith('image/')) {
      setFileError('Only image files can be uploaded');
      return;
    }
    const tooLarge = uploadSizeError(file, uploadLimit);
    if (tooLarge) {
      setFileError(tooLarge);
      return;
    }
    setUploading(true);
    setProgress(null);
    try {
      let url: string;
      try {
        url = (await uploadImage(file, setProgress)).url;
      } catch (error) {
        console.error('Image upload failed', error);
        toast.error('Failed to upload image');
        return;
      }
      try {
        await addImage.mutateAsync({ url, caption, description });
      } catch (error) {
        toast.error(`Failed to save image: ${errorMessage(error)}`);
        return;
      }
      toast.success('Image uploaded successfully');
      setFile(null);
      reset();
      if (fileInput.current) fileInput.current.value = '';
      onDone();
    } finally {
      setUploading(false);
    }
  });

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;

  return (
    <Card title="Upload Image" headingLevel={2}>
      <form
        className={styles.form}
        noValidate
        aria-label="Upload Image"
        onSubmit={(e) => void submit(e)}
      >
        <TextField
          ref={fileInput}
          label="Image"
          type="file"
          accept="image/*"
          error={fileError}
          helperText={file ? <span className={styles.fileMeta}>{`${file.name} (${sizeInKb(file.size)} KB)`}</span> : 'JPG, PNG or WebP; photos straight from a phone are fine.'}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFileError(chosen && !chosen.type.startsWith('image/') ? 'Only image files can be uploaded' : uploadSizeError(chosen, uploadLimit));
          }}
        />
        <TextField label="Caption (optional)" placeholder="e.g. Corkscrew, lap 12" {...register('caption')} />
        <TextAreaField label="Description (optional)" placeholder="What the photo shows" {...register('description')} />
        {uploading && (
          <div className={styles.progress}>
            <progress aria-label="Upload progress" max={100} value={percent ?? undefined} />
            <span>{percent === null ? 'Starting...' : `${percent}%`}</span>
          </div>
        )}
        <div className="pw-form-actions" style={{ marginTop: 0 }}>
          <Button type="submit" disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload Image'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
