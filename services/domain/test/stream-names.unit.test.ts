import { describe, expect, it } from 'vitest';
import * as domain from '../src/index.ts';

/** Every stream name function the domain exports (`carStream`, `tireSetStream`, …), by export name. */
const streamFunctions = Object.entries(domain as Record<string, unknown>).filter((entry): entry is [string, (id: never) => string] => entry[0].endsWith('Stream') && typeof entry[1] === 'function');

/** Streams stored under a name from before the rule; renaming stored streams is not done (docs/decisions/0011). */
const STORED_BEFORE_THE_RULE: Readonly<Record<string, string>> = { tireSetStream: 'tire-set' };

/** The category of a stream name: what comes before the first dash (EventStoreDB's by-category split). */
const categoryOf = (name: string) => name.slice(0, name.indexOf('-'));

describe('stream names', () => {
  it('are `<camelCaseKind>-<id>`, one category per aggregate, the stored exception aside', () => {
    expect(streamFunctions.length).toBeGreaterThanOrEqual(12);
    const categories = streamFunctions.map(([name, streamOf]) => {
      const stream = streamOf('42' as never); // text: the username and upload streams take a key, the others an id, each put in a template
      if (STORED_BEFORE_THE_RULE[name]) {
        expect(stream, name).toBe(`${STORED_BEFORE_THE_RULE[name]}-42`);
        return STORED_BEFORE_THE_RULE[name];
      }
      expect(stream, name).toMatch(/^[a-z][a-zA-Z]*-42$/);
      return categoryOf(stream);
    });
    expect(new Set(categories).size, categories.join(', ')).toBe(categories.length);
  });
});
