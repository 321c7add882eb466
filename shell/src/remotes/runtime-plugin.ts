import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const RETRY_DELAY_MS = 300;

/**
 * Module Federation runtime plugin: retries a manifest/entry fetch once after a network failure or a
 * 5xx (a remote being redeployed), and logs every remote load error. Errors are re-thrown so the
 * shell's error boundary shows its fallback.
 */
export default function pitwallRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pitwall-remote-errors',
    async fetch(url, init) {
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
