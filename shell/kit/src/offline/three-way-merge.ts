/**
 * Three-way merge of one change made offline, field by field. A field is a leaf of the
 * JSON (a path such as `frontCamber` or `items.0.frontLeft`); only the fields the change sends are
 * merged (see project), the rest of a representation (ids, audit fields) is not.
 *
 * For each field: `base` is what the edit was based on, `mine` the edit, `theirs` what the server
 * holds now (the body of the 412). Changed by one side only → that side's value; by both to the same
 * value → that value; by both to different values → a {@link FieldConflict}, which the user settles.
 */

/** A JSON value as the API sends and receives it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A field both sides changed to different values. `path` is the dotted path (`items.0.frontLeft`). */
export interface FieldConflict {
  path: string;
  base: Json | undefined;
  mine: Json | undefined;
  theirs: Json | undefined;
}

/** The merged body (conflicting fields hold `mine` until the user chooses) and the conflicts. */
export interface MergeResult {
  merged: Json;
  conflicts: FieldConflict[];
}

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The leaves of `value` by dotted path; an empty object or array is a leaf of its own. */
function flatten(value: Json | undefined, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (value === undefined) return into;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : isObject(value) ? Object.entries(value) : null;
  if (entries === null || entries.length === 0) {
    into.set(prefix, value);
    return into;
  }
  for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** Builds the JSON back from its leaves; a path segment that is a whole number makes an array. */
function unflatten(leaves: Map<string, Json>): Json {
  if (leaves.size === 1 && leaves.has('')) return leaves.get('')!;
  const root: Record<string, Json> = {};
  for (const [path, value] of leaves) {
    const keys = path.split('.');
    let node: Record<string, Json> = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, Json>;
    });
  }
  const toArrays = (node: Json): Json => {
    if (!isObject(node)) return node;
    const keys = Object.keys(node);
    const converted = Object.fromEntries(keys.map((k) => [k, toArrays(node[k]!)]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!) : converted;
  };
  return toArrays(root);
}

/**
 * `value` seen through `shape` (the change's body): an object keeps only the keys `shape` has, a list
 * keeps its items, each seen through the keys the change's items have. So a row's id or audit fields,
 * which the change does not send, are not merged; a row the change dropped still is.
 */
function project(value: Json | undefined, shape: Json): Json | undefined {
  if (Array.isArray(shape) && Array.isArray(value)) {
    const itemShape = shape.reduce<Json>((keys, item) => (isObject(item) && isObject(keys) ? { ...keys, ...item } : item), {});
    return value.map((item) => project(item, itemShape) ?? null);
  }
  if (!isObject(shape) || !isObject(value)) return value;
  return Object.fromEntries(Object.keys(shape).filter((k) => k in value).map((k) => [k, project(value[k], shape[k]!) ?? null]));
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** Merges `mine` into `theirs` against `base` (see the module's doc). */
export function threeWayMerge(base: Json | undefined, mine: Json, theirs: Json | undefined): MergeResult {
  const b = flatten(project(base, mine));
  const m = flatten(mine);
  const t = flatten(project(theirs, mine));
  const merged = new Map<string, Json>();
  const conflicts: FieldConflict[] = [];
  for (const path of new Set([...m.keys(), ...b.keys(), ...t.keys()])) {
    const [bv, mv, tv] = [b.get(path), m.get(path), t.get(path)];
    let value: Json | undefined;
    if (same(mv, bv)) value = tv;
    else if (same(tv, bv) || same(mv, tv)) value = mv;
    else {
      conflicts.push({ path, base: bv, mine: mv, theirs: tv });
      value = mv;
    }
    if (value !== undefined) merged.set(path, value);
  }
  return { merged: unflatten(merged), conflicts };
}

/** `merged` with each conflicting path set to the side the user chose. */
export function applyChoices(merged: Json, conflicts: FieldConflict[], choices: Record<string, 'mine' | 'theirs'>): Json {
  const leaves = flatten(merged);
  for (const conflict of conflicts) {
    const value = choices[conflict.path] === 'theirs' ? conflict.theirs : conflict.mine;
    if (value === undefined) leaves.delete(conflict.path);
    else leaves.set(conflict.path, value);
  }
  return unflatten(leaves);
}
