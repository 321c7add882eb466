import { z } from 'zod';
import { bodyRaceEventId, optionalText } from './common.ts';
import { imageUrl } from './race-events.ts';

/** Answer of POST /api/upload (multipart, field `image`): where the stored image and its thumbnail are served. */
export const UploadAnswer = z.object({ url: z.string(), thumbnailUrl: z.string() }).meta({ id: 'UploadAnswer' });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/** Images a car's gallery holds at most; adding one more answers 409 naming the images. */
export const MAX_CAR_IMAGES = 500;

/** POST /api/cars/{carId}/images: records an uploaded image in the car's gallery (optionally for a race event). */
export const NewImageBody = z.object({
  carId: z.number().int().optional(),
  eventId: bodyRaceEventId(),
  url: imageUrl,
  caption: optionalText(200),
  description: optionalText(2000),
});
export type NewImageBody = z.input<typeof NewImageBody>;

/** A gallery image as answered. `thumbnailUrl` is a 400 px WebP for grids; `url` the full image. */
export const Image = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    eventId: z.number().int().nullable(),
    url: z.string(),
    thumbnailUrl: z.string(),
    caption: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof Image>;
