import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';

/**
 * An uploaded image (stream `upload-{key}`): stored in the blob store under a generated key and
 * visible to the uploader's active teams only. A gallery image, a race event image or an issue
 * image points at it by URL.
 */
export interface ImageUploaded {
  type: 'ImageUploaded';
  data: { key: string; url: string; thumbnailUrl: string; contentType: string; width: number; height: number; size: number; teamIds: number[] };
}

export interface RecordUpload {
  type: 'RecordUpload';
  data: ImageUploaded['data'];
}

export const uploadDecider: Decider<RecordUpload, ImageUploaded, { recorded: boolean }> = {
  decide(command, state) {
    if (state.recorded) throw new ConflictError('Upload already recorded');
    return [{ type: 'ImageUploaded', data: command.data }];
  },
  evolve: () => ({ recorded: true }),
  initialState: { recorded: false },
};

export const uploadStream = (key: string) => `upload-${key}`;
