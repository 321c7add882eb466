/** `npm run start:query`: a query (read) API process of the distributed mode. */
import { runApiRole } from './api-role.ts';

await runApiRole('query');
