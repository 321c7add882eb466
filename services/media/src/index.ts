export { assertValidBlobKey, BlobStoreUnavailableError, InvalidBlobKeyError } from './blob-store.ts';
export type { BlobMeta, BlobStore, StoredBlob } from './blob-store.ts';
export { createDiskBlobStore } from './disk-blob-store.ts';
export { createS3BlobStore } from './s3-blob-store.ts';
export type { S3BlobStoreOptions } from './s3-blob-store.ts';
export { blobStoreFromEnv } from './blob-store-from-env.ts';
export { canDecodeHeic, DEFAULT_INTAKE_LIMITS, ImageRejectedError, processUpload } from './image-intake.ts';
export type { AcceptedImageType, ImageRejectionReason, IntakeLimits, ProcessedImage } from './image-intake.ts';
export {
  createMediaService,
  DEFAULT_MAX_UPLOAD_BYTES,
  IMAGE_URL_PREFIX,
  imageKeyFromUrl,
  isImageKey,
  PayloadTooLargeError,
  readWithLimit,
  thumbnailKeyOf,
} from './media-service.ts';
export type { MediaService, MediaServiceOptions, StoredImage } from './media-service.ts';
