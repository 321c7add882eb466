import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Image } from '@pitwall/contracts';
import { Alert, ApiError, Button, Dialog, Skeleton, errorMessage, hasSafeImageUrls, useSelectedCar, CarNotFound, useImages } from '@pitwall/kit';
import { UploadForm } from '../components/upload-form';
import styles from '../components/gallery.module.css';

/** The large view of one image: its caption (or 'Image Detail') as the title, the full image, the description. */
function ImageDialog({ image, onClose }: { image: Image; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={image.caption || 'Image Detail'} size="wide">
      <img className={styles.large} src={image.url} alt={image.caption || 'Gallery image'} />
      {image.description && <p className={styles.description}>{image.description}</p>}
    </Dialog>
  );
}

/** Gallery (/car/:id/gallery): the 'Upload Image' / 'Cancel' toggle, the upload form, the thumbnail grid and the large view. */
export function GalleryRoute() {
  const params = useParams();
  const carId = Number.parseInt(params.id ?? '', 10);
  const { data: images, isPending, error } = useImages(carId);
  const { selectCar } = useSelectedCar();
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<Image | null>(null);

  useEffect(() => {
    if (Number.isInteger(carId) && images) selectCar(carId);
  }, [carId, images, selectCar]);

  if (Number.isNaN(carId) || (error instanceof ApiError && error.status === 404)) {
    return <CarNotFound />;
  }

  let body;
  if (error) body = <Alert title="The gallery could not be loaded.">{errorMessage(error)}</Alert>;
  else if (isPending)
    body = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading gallery">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="11rem" />
        ))}
      </div>
    );
  else if (images.length === 0) body = <p className={styles.empty}>No images in the gallery yet</p>;
  else
    body = (
      <ul className={styles.grid}>
        {images.filter(hasSafeImageUrls).map((image) => (
          <li key={image.id}>
            <button type="button" className={styles.tile} onClick={() => setOpen(image)} aria-label={`Open ${image.caption || 'image'}`}>
              <img src={image.thumbnailUrl} alt="" loading="lazy" />
              <span className={image.caption ? styles.caption : `${styles.caption} ${styles.noCaption}`}>{image.caption || 'No caption'}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>Gallery</h1>
        <Button variant={uploading ? 'secondary' : 'primary'} onClick={() => setUploading((u) => !u)}>
          {uploading ? 'Cancel' : 'Upload Image'}
        </Button>
      </header>
      {uploading && <UploadForm carId={carId} onDone={() => setUploading(false)} />}
      {body}
      {open && <ImageDialog image={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
