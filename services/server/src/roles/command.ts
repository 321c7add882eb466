/** `npm run start:command`: a command (mutation) API process of the distributed mode. */
import { runApiRole } from './api-role.ts';

await runApiRole('command');
