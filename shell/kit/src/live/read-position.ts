/**
 * The read position of the page's first reads: every API GET answer names (READ_POSITION_HEADER,
 * an event store position `commit/prepare`) what the read models included at least when it was
 * read. The live stream opens from the oldest one answered since it last opened, so a change made
 * between those reads and the stream's opening is sent to it.
 */

let oldest: { text: string; commit: bigint; prepare: bigint } | null = null;

/** Notes the read position an answer named (`null`, or a value that is not a position: ignored). */
export function noteReadPosition(text: string | null): void {
  const match = text === null ? null : /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!match) return;
  const [commit, prepare] = [BigInt(match[1]!), BigInt(match[2]!)];
  if (oldest === null || commit < oldest.commit || (commit === oldest.commit && prepare < oldest.prepare)) oldest = { text: text!, commit, prepare };
}

/** The oldest read position noted since the last call (null: no answer named one), and starts noting afresh. */
export function takeReadPosition(): string | null {
  const taken = oldest?.text ?? null;
  oldest = null;
  return taken;
}
