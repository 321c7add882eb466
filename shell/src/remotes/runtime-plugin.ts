import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { earlyResponse } from '@pitwall/kit/early-response';

const RETRY_DELAY_MS = 300;

/**
 * Module Federation runtime plugin: a manifest that index.html already asked for (src/index-head.html:
 * the remote that shows the page's path) is taken from there, once; otherwise it retries a
 * manifest/entry fetch once after a network failure or a 5xx (a remote being redeployed). Logs every
 * remote load error. Errors are re-thrown so the shell's error boundary shows its fallback.
 */
export default function pitwallRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pitwall-remote-errors',
    async fetch(url, init) {
      const target = new URL(url, window.location.href);
      const early = target.origin === window.location.origin ? await earlyResponse(target.pathname) : undefined;
      if (early?.ok) return early;
      try {
        const first = await fetch(url, init);
        if (first.status < 500) return first;
      } catch {
        // Network failure: retry below.
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      return fetch(url, init);
    },
    errorLoadRemote(args) {
      console.error(`[pitwall] remote "${args.id}" failed to load (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}
