import { defineConfig } from '@rspack/cli';
import { remoteAppConfig } from '@pitwall/kit/build';

/** Remote 'mfe_teams': teams and members, team settings. */
export default defineConfig(remoteAppConfig({ dirname: import.meta.dirname, name: 'mfe_teams', title: 'Pitwall teams (standalone)', devPort: 3004 }));
