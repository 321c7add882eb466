import type { SetupChange } from './change-effects.ts';
import type { SetupValues } from './history.ts';

/** Keys that say where a value came from or what follows from it, not what was set. */
const NOT_SET = new Set(['id', 'carId', 'eventId', 'own', 'ownFields', 'derived']);
/** Sections derived from the others (rake, wheel rates): a change shows where it was made. */
const DERIVED_SECTIONS = new Set(['geometry']);
/** The field naming a row of a section kept as a list (a gear, a tire condition). */
const ROW_KEYS = ['name', 'condition'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** Every value a section holds, keyed by the API's field name: `frontCamber`, rows as `3rd.ratio`. */
function flatten(value: unknown, prefix = '', out = new Map<string, string | null>()): Map<string, string | null> {
  if (Array.isArray(value)) {
    for (const row of value) {
      if (!isObject(row)) continue;
      const key = ROW_KEYS.find((k) => typeof row[k] === 'string');
      const name = key ? String(row[key]) : String(value.indexOf(row));
      flatten(Object.fromEntries(Object.entries(row).filter(([k]) => k !== key)), `${prefix}${name}.`, out);
    }
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) if (!NOT_SET.has(k)) flatten(v, Array.isArray(v) ? prefix : isObject(v) ? `${prefix}${k}.` : `${prefix}${k}`, out);
  } else if (prefix !== '') {
    out.set(prefix, text(value));
  }
  return out;
}

/**
 * The values that differ between two setups as run (race event setups of SetupSnapshot), section
 * by section in the order the setup holds them: every section of SetupValues except the derived
 * ones, so a section added to the setup appears here without a change. `field` is the API's name
 * (`frontCamber`; a row's field as `3rd.ratio`, `Dry (Cold).frontLeft`); values as text.
 */
export function setupChanges(before: SetupValues, after: SetupValues): SetupChange[] {
  const sections = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((s) => !DERIVED_SECTIONS.has(s));
  return sections.flatMap((section) => {
    const [a, b] = [flatten((before as Json)[section]), flatten((after as Json)[section])];
    const fields = [...new Set([...a.keys(), ...b.keys()])];
    return fields.map((field) => ({ section, field, from: a.get(field) ?? null, to: b.get(field) ?? null })).filter((c) => c.from !== c.to);
  });
}
