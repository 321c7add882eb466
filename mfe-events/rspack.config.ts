import { defineConfig } from '@rspack/cli';
import { remoteAppConfig } from '@pitwall/kit/build';

/** Remote 'mfe_events': the race events of a car, on /car/:id/events/*. */
export default defineConfig(remoteAppConfig({ dirname: import.meta.dirname, name: 'mfe_events', title: 'Pitwall race events (standalone)', devPort: 3003 }));
