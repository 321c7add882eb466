/** Upload progress: bytes sent so far and the total (both from the browser's upload events). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What the server answered a {@link postWithProgress}: its status and body text. */
export interface PostAnswer {
  status: number;
  statusText: string;
  text: string;
}

/**
 * POST `form` (multipart) to `url` with the session cookie, through XMLHttpRequest so a large file
 * (a phone photo, a team's archive) reports real upload progress through `onProgress` (fetch
 * cannot). Answers whatever status the server sent; the caller decides what is an error.
 * @throws TypeError `networkMessage` when no answer arrives (see isNetworkError).
 */
export function postWithProgress(url: string, form: FormData, networkMessage: string, onProgress?: (progress: UploadProgress) => void): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError(networkMessage));
    xhr.send(form);
  });
}
