import { defineConfig } from '@rspack/cli';
import { remoteAppConfig } from '@pitwall/kit/build';

/** Remote 'mfe_cars': Dashboard, car detail, Issues & Tools, Gallery. */
export default defineConfig(remoteAppConfig({ dirname: import.meta.dirname, name: 'mfe_cars', title: 'Pitwall cars (standalone)', devPort: 3002 }));
