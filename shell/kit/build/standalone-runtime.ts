/**
 * The Module Federation runtime core for a remote's standalone page. A remote is built with
 * `experiments.externalRuntime` (federated-app.ts): its remoteEntry.js and entry take the runtime
 * core from the global `_FEDERATION_RUNTIME_CORE`, which the shell provides when it hosts the
 * remote (`provideExternalRuntime`), instead of carrying a copy of their own (~20 kB brotli off each
 * remote on the first load). Alone, the remote's page loads this bundle first to set that global.
 */
import * as runtimeCore from '@module-federation/runtime-core';

(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
