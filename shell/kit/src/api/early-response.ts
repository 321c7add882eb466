// No imports: the shell's Module Federation runtime plugin uses this too (package export
// '@pitwall/kit/early-response'), before any shared module is available.

declare global {
  interface Window {
    /**
     * GET requests the shell's index.html started before any code loaded (shell/src/index-head.html), by
     * path; one that was not sent after all (the car list of a signed-out visitor) resolves to undefined.
     */
    __pitwallEarly?: Record<string, Promise<Response | undefined> | undefined>;
  }
}

/**
 * The answer to `GET path` that index.html already asked for (the session check, /config.json, the
 * first screen's data: the dashboard's car list, a car page's or a race event's view, the manifest
 * of the remote that shows the page; /config.json and the manifest may come from the page's data
 * block), or undefined when it did not (tests, a remote's standalone page, a request it
 * chose not to send) or when it was already taken: each early answer is used once, later calls fetch again.
 */
export async function earlyResponse(path: string): Promise<Response | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__pitwallEarly;
  const response = early?.[path];
  if (early && response) early[path] = undefined;
  return response?.catch(() => undefined);
}
