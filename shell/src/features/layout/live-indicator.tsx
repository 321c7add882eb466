import { useLiveStatus, type LiveStatus } from '@pitwall/kit';

/** What the indicator says for each state of the live connection. */
const LABELS: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' };

/**
 * The 'Live' indicator of the top bar: a dot and a word for whether teammates' changes arrive on
 * this screen as they are made (live), the connection is being opened after the page loaded
 * (connecting) or reopened (reconnecting), or there is no signal (offline). A status role, so a screen reader hears it change.
 */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span className={`shell-live shell-live--${status}`} role="status" aria-label={`Live updates: ${LABELS[status]}`}>
      <span className="shell-live__dot" aria-hidden="true" />
      <span className="shell-live__label">{LABELS[status]}</span>
    </span>
  );
}
