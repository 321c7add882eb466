/**
 * Aggregate state as JSON for snapshots, and back: plain objects, arrays, strings, numbers,
 * booleans and null as they are; a `Map` as `{ "$map": [[key, value], …] }` (keys and values
 * encoded the same way). Pure. Throws TypeError for anything else (a Date, a class instance,
 * undefined inside an array), so a state that cannot round-trip is found by the tests.
 */
export function encodeState(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`encodeState: ${value} is not JSON`);
    return value;
  }
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encodeState(k), encodeState(v)]) };
  if (Array.isArray(value)) return value.map(encodeState);
  const prototype: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    return Object.fromEntries(Object.entries(value as object).filter(([, v]) => v !== undefined).map(([k, v]) => [k, encodeState(v)]));
  }
  throw new TypeError(`encodeState: cannot encode ${Object.prototype.toString.call(value)}`);
}

/** The inverse of {@link encodeState}. */
export function decodeState<State>(json: unknown): State {
  return decode(json) as State;
}

function decode(json: unknown): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map(decode);
  const entries = (json as { $map?: unknown }).$map;
  if (Array.isArray(entries) && Object.keys(json).length === 1) return new Map(entries.map(([k, v]: [unknown, unknown]) => [decode(k), decode(v)]));
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, decode(v)]));
}
