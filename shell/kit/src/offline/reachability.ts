import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the server can be reached, as TanStack Query's `onlineManager` holds it for the whole page
 * (queries pause while it says offline, the live stream closes, the shell shows the offline line,
 * the write queue keeps changes). The browser's `online`/`offline` events (onlineManager's own listener)
 * are not enough: on a Wi-Fi with no uplink `navigator.onLine` stays true while every request
 * fails. So a request that cannot reach the server ({@link reachFetch}) sets it offline too, and a
 * probe (`HEAD /config.json`, which the service worker leaves to the network: it routes GETs only)
 * sets it online again once any answer arrives: 2 s after the failure, then doubling up to 15 s.
 * While the browser itself says offline the probe stops: its `online` event ends that state.
 */

/** A request that did not reach the server (no signal, a network with no uplink, the server down): a TypeError, like fetch's own. */
export class NetworkError extends TypeError {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NetworkError';
  }
}

/** Asked to learn whether the server answers again; any HTTP answer counts. */
const PROBE_URL = '/config.json';
/** First probe after a failure, and the longest wait between probes (ms). */
export const PROBE_MIN_MS = 2_000;
const PROBE_MAX_MS = 15_000;

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = PROBE_MIN_MS;

/**
 * `fetch(input, init)`, except that a request that cannot reach the server takes the page offline
 * (see the module's comment) and rejects with a {@link NetworkError}.
 * @throws NetworkError when fetch itself fails; an AbortError (DOMException) when `init.signal` aborts it.
 */
export async function reachFetch(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    noteUnreachable();
    throw new NetworkError(error);
  }
}

/** A request could not reach the server: the page is offline until the probe (or the browser's `online` event) says otherwise. */
function noteUnreachable(): void {
  if (typeof window === 'undefined') return;
  onlineManager.setOnline(false);
  scheduleProbe();
}

function scheduleProbe(): void {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(() => void probe(), probeDelay);
  probeDelay = Math.min(probeDelay * 2, PROBE_MAX_MS);
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  // Online again meanwhile (the browser's event), or offline by the browser's word (its `online` event ends that).
  if (onlineManager.isOnline() || !navigator.onLine) {
    probeDelay = PROBE_MIN_MS;
    return;
  }
  try {
    await fetch(PROBE_URL, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
  } catch {
    scheduleProbe();
    return;
  }
  probeDelay = PROBE_MIN_MS;
  onlineManager.setOnline(true);
}
