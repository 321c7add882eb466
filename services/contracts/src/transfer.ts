import { z } from 'zod';

/**
 * The answer of a team import: the id of the new team made from the file (its owner is the caller)
 * and the members whose username was taken on this server, with the one they got (`marco` → `marco-2`).
 */
export const ImportAnswer = z
  .object({ teamId: z.number().int(), renamedMembers: z.array(z.object({ from: z.string(), to: z.string() })) })
  .meta({ id: 'ImportAnswer' });
export type ImportAnswer = z.infer<typeof ImportAnswer>;

/** The largest team export an import takes, in bytes (512 MiB): the file is checked whole before anything is written. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
