import type { Image } from '@pitwall/contracts';
import { Card, hasSafeImageUrls } from '@pitwall/kit';
import styles from './race-events.module.css';

/** Images tab (docs/product.md, 'Race events'): the car's images of this race event with caption and description. */
export function ImagesTab({ images }: { images: readonly Image[] }) {
  return (
    <Card title="Event Images">
      {images.length === 0 ? (
        <p className={styles.muted}>No images added for this event</p>
      ) : (
        <ul className={styles.gallery}>
          {images.filter(hasSafeImageUrls).map((image) => (
            <li key={image.id}>
              <figure className={styles.galleryItem}>
                <a href={image.url} target="_blank" rel="noopener noreferrer">
                  <img src={image.thumbnailUrl} alt={image.caption ?? 'Event image'} loading="lazy" />
                </a>
                <figcaption>
                  <span className={styles.galleryCaption}>{image.caption ?? 'Untitled image'}</span>
                  {image.description && <span className={styles.muted}>{image.description}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
