/**
 * The answers of the 0.1 upgrade fixture that setup inheritance changes by design, each
 * checked against the old answers by the rules of services/domain/README.md, written out here
 * independently of the implementation:
 * - baseline setup GETs: unchanged, plus `own: true` on every row and `ownFields` = the fields with a value;
 * - a race event's setup GETs: the EFFECTIVE setup — per suspension field its old (own) value when
 *   not null, else the baseline's; per gear row (by name) and tire row (by condition) its old own row,
 *   else the baseline's, own rows of new names appended; the race final drive in the 'Final Drive' row;
 * - as-of (`setup?`): the baseline as before (marked), the race event's setup effective as above;
 * - compare with the baseline: the effective left side, the baseline right side, and only the
 *   values that really differ (no 'Race final drive' line).
 */

type Json = Record<string, unknown>;
type Row = Json & { own?: boolean };
type Suspension = Json & { ownFields?: string[] };
type SetupValues = { gearRatios: Row[]; suspension: Suspension | null; tirePressures: { items: Row[]; notes: string | null } };

const SUSPENSION_FIELDS = [
  'frontRideHeight', 'frontSpringRate', 'frontDamperSetting', 'frontCamber', 'frontToe', 'frontAntiRollBar',
  'rearRideHeight', 'rearSpringRate', 'rearDamperSetting', 'rearCamber', 'rearToe', 'rearAntiRollBar', 'notes',
];
const GEAR_VALUES = ['ratio', 'speedAtMaxRpm', 'notes'];
const TIRE_VALUES = ['frontLeft', 'frontRight', 'rearLeft', 'rearRight'];

/** The value without the markers this version adds (`own`, `ownFields`). */
function withoutMarkers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarkers);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'own' && k !== 'ownFields').map(([k, v]) => [k, withoutMarkers(v)]));
  return value;
}

/** Orders two positions written 'commit/prepare'. */
function comparePositionTexts(a: string, b: string): number {
  const [[ac, ap], [bc, bp]] = [a, b].map((p) => p.split('/').map(BigInt)) as [[bigint, bigint], [bigint, bigint]];
  return ac !== bc ? (ac < bc ? -1 : 1) : ap === bp ? 0 : ap < bp ? -1 : 1;
}

const same = (a: Row, b: Row, fields: string[]) => fields.every((f) => (a[f] ?? null) === (b[f] ?? null));

/** Rows of a race event as the rules read them: baseline rows replaced by own rows of the same key, then own rows of new keys. */
function effectiveRows(baseline: Row[], own: Row[], key: string, fields: string[]): Row[] {
  const rest = [...own];
  const rows = baseline.map((b) => {
    const i = rest.findIndex((r) => r[key] === b[key]);
    if (i < 0) return { ...b, own: false };
    const [mine] = rest.splice(i, 1);
    return { ...mine!, own: !same(mine!, b, fields) };
  });
  return [...rows, ...rest.map((r) => ({ ...r, own: true }))];
}

function effectiveSuspension(baseline: Suspension | null, own: Suspension | null): Suspension | null {
  if (!baseline && !own) return null;
  const values = Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f, own?.[f] ?? baseline?.[f] ?? null]));
  return { ...(own ?? baseline), ...values, ownFields: SUSPENSION_FIELDS.filter((f) => (own?.[f] ?? null) !== null) };
}

function withFinalDrive(rows: Row[], baseline: Row[], finalDriveRatio: string | null): Row[] {
  if (finalDriveRatio === null) return rows;
  const baseRatio = baseline.find((r) => r.name === 'Final Drive')?.ratio;
  return rows.map((r) => (r.name === 'Final Drive' ? { ...r, ratio: finalDriveRatio, own: r.own || finalDriveRatio !== baseRatio } : r));
}

function effectiveSetup(baseline: SetupValues, own: SetupValues, finalDriveRatio: string | null): SetupValues {
  return {
    gearRatios: withFinalDrive(effectiveRows(baseline.gearRatios, own.gearRatios, 'name', GEAR_VALUES), baseline.gearRatios, finalDriveRatio),
    suspension: effectiveSuspension(baseline.suspension, own.suspension),
    tirePressures: { items: effectiveRows(baseline.tirePressures.items, own.tirePressures.items, 'condition', TIRE_VALUES), notes: own.tirePressures.notes ?? baseline.tirePressures.notes },
  };
}

/** A baseline as this version answers it: every row own, every field with a value own. */
function markedBaseline(setup: SetupValues): SetupValues {
  const s = setup.suspension;
  return {
    gearRatios: setup.gearRatios.map((r) => ({ ...r, own: true })),
    suspension: s && { ...s, ownFields: SUSPENSION_FIELDS.filter((f) => s[f] !== null && s[f] !== undefined) },
    tirePressures: { items: setup.tirePressures.items.map((r) => ({ ...r, own: true })), notes: setup.tirePressures.notes },
  };
}

/** The lines compare names (see services/server/src/audit/compare.ts), for the expected differences. */
function lines(setup: SetupValues): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const g of setup.gearRatios) out.set(`gear-ratios|${g.name} ratio`, g.ratio as string);
  const labels = ['Ride Height', 'Spring Rate', 'Damper Setting (Comp/Reb)', 'Camber', 'Toe', 'Anti-Roll Bar'];
  SUSPENSION_FIELDS.slice(0, 6).forEach((f, i) => {
    out.set(`suspension|Front ${labels[i]}`, (setup.suspension?.[f] as string | null) ?? null);
    out.set(`suspension|Rear ${labels[i]}`, (setup.suspension?.[SUSPENSION_FIELDS[i + 6]!] as string | null) ?? null);
  });
  for (const t of setup.tirePressures.items) out.set(`tire-pressures|${t.condition} pressures`, `FL ${t.frontLeft}, FR ${t.frontRight}, RL ${t.rearLeft}, RR ${t.rearRight}`);
  return out;
}

/** A race event's own setup from 0.1's GET answers, in the shape compare answers (no ids, no per-row notes of tires). */
const ownSetupOf = (gearRatios: Row[], suspension: Suspension | null, tires: { items: Row[]; notes: string | null }): SetupValues => {
  const noIds = ({ id: _i, carId: _c, eventId: _e, ...r }: Json) => r;
  return {
    gearRatios: gearRatios.map(noIds),
    suspension: suspension && noIds(suspension),
    tirePressures: { items: tires.items.map((t) => { const { notes: _n, ...r } = noIds(t); return r; }), notes: tires.notes },
  };
};

/** Entries for upgrade.int.test.ts's CHANGED_BY_DESIGN: `check(now, before, all, url)` fails (expect) when the rule is not met; `all` = every 0.1 answer by URL. */
export const SETUP_INHERITANCE_CHANGES: { pattern: RegExp; why: string; check(now: unknown, before: unknown, all: Record<string, unknown>, url: string): void }[] = [
  {
    pattern: /^\/api\/cars\/\d+\/(gear-ratios|tire-pressures|suspension)$/,
    why: 'setup inheritance: baseline answers gain own (rows) / ownFields (suspension fields with a value)',
    check(now, before) {
      expect(withoutMarkers(now)).toEqual(before);
      const n = now as Row[] | Suspension | { items: Row[] } | null;
      if (Array.isArray(n)) expect(n.every((r) => r.own === true)).toBe(true);
      else if (n && 'items' in n) expect((n.items as Row[]).every((r) => r.own === true)).toBe(true);
      else if (n) expect(n.ownFields).toEqual(SUSPENSION_FIELDS.filter((f) => n[f] !== null));
    },
  },
  {
    pattern: /^\/api\/cars\/\d+\/(gear-ratios|tire-pressures|suspension)\?eventId=\d+$/,
    why: "setup inheritance: a race event's setup is its effective setup (the baseline overridden by its own values, marked)",
    check(now, before, all, url) {
      const [, carId, section, eventId] = /^\/api\/cars\/(\d+)\/([a-z-]+)\?eventId=(\d+)$/.exec(url)!;
      const baseline = all[`/api/cars/${carId}/${section}`];
      if (section === 'suspension') {
        const expected = effectiveSuspension(baseline as Suspension | null, before as Suspension | null);
        expect(now).toEqual(expected && { ...expected, id: (before as Suspension | null)?.id ?? (baseline as Suspension).id, carId: Number(carId), eventId: Number(eventId) });
      } else if (section === 'gear-ratios') {
        const finalDrive = (all[`/api/cars/${carId}/events/${eventId}`] as { finalDriveRatio: string | null }).finalDriveRatio;
        expect(now).toEqual(withFinalDrive(effectiveRows(baseline as Row[], before as Row[], 'name', GEAR_VALUES), baseline as Row[], finalDrive));
      } else {
        const [b, own] = [baseline as { items: Row[]; notes: string | null }, before as { items: Row[]; notes: string | null }];
        const notes = own.notes ?? b.notes;
        expect(now).toEqual({ items: effectiveRows(b.items, own.items, 'condition', TIRE_VALUES).map((r) => ({ ...r, notes })), notes });
      }
    },
  },
  {
    pattern: /^\/api\/cars\/\d+\/setup\?/,
    why: "setup inheritance: as-of marks the baseline's values and answers the race event's effective setup; read from the history read model, `at` (and for a date, `position`) is the last change of the car's record (basic data, maintenance, setup) at or before the moment; with the tire pressure assistant it holds the car's tire pressure targets (none in 0.1's data)",
    check(now, before, all, url) {
      const [n, b] = [now as Json & { position: string; at: string; baseline: SetupValues; raceEvent: (Json & { setup: SetupValues; finalDriveRatio: string | null }) | null }, before as typeof now & Json];
      expect(n.tirePressureTargets).toEqual({ front: null, rear: null, fl: null, fr: null, rl: null, rr: null });
      const old = b as unknown as typeof n;
      const history = all[`/api/cars/${n.carId}/history?limit=200`] as { position: string; at: string; section: string }[];
      const recordSections = ['basic', 'maintenance', 'gear-ratios', 'suspension', 'tire-pressures'];
      const lastChange = history.filter((h) => recordSections.includes(h.section) && comparePositionTexts(h.position, n.position) <= 0).sort((x, y) => comparePositionTexts(y.position, x.position))[0]!;
      if (url.includes('asOf=')) expect(n.position).toBe(lastChange.position);
      else expect(n.position).toBe(old.position);
      expect(n.at).toBe(lastChange.at);
      const moment = { position: null, at: null };
      expect({ ...n, ...moment, tirePressureTargets: undefined, baseline: null, raceEvent: n.raceEvent && { ...n.raceEvent, setup: null } }).toEqual({ ...old, ...moment, baseline: null, raceEvent: old.raceEvent && { ...old.raceEvent, setup: null } });
      expect(n.baseline).toEqual(markedBaseline(old.baseline));
      if (old.raceEvent) expect(n.raceEvent!.setup).toEqual(effectiveSetup(old.baseline, old.raceEvent.setup, old.raceEvent.finalDriveRatio));
    },
  },
  {
    pattern: /^\/api\/cars\/\d+\/events\/\d+\/compare\/baseline$/,
    why: "setup inheritance: compare reads the effective setups and lists only real differences (the race final drive is the 'Final Drive ratio' line)",
    check(now, before, all, url) {
      const [, carId, eventId] = /^\/api\/cars\/(\d+)\/events\/(\d+)\//.exec(url)!;
      const old = before as { left: { label: string; setup: SetupValues; finalDriveRatio: string | null }; right: { label: string; setup: SetupValues } };
      const baseline = old.right.setup;
      // 0.1 answered the race event's own section where it had one: its own values, read back by the rules.
      const own = ownSetupOf(
        all[`/api/cars/${carId}/gear-ratios?eventId=${eventId}`] as Row[],
        all[`/api/cars/${carId}/suspension?eventId=${eventId}`] as Suspension | null,
        all[`/api/cars/${carId}/tire-pressures?eventId=${eventId}`] as { items: Row[]; notes: string | null },
      );
      const left = effectiveSetup(baseline, withoutMarkers(own) as SetupValues, old.left.finalDriveRatio);
      const n = now as { left: { setup: SetupValues }; right: { setup: SetupValues }; differences: { section: string; field: string; left: string | null; right: string | null }[] };
      expect(withoutMarkers(n.left.setup)).toEqual(withoutMarkers(left));
      expect(n.right.setup).toEqual(markedBaseline(baseline));
      const [l, r] = [lines(left), lines(baseline)];
      const expected = [...new Set([...l.keys(), ...r.keys()])].filter((k) => (l.get(k) ?? null) !== (r.get(k) ?? null));
      expect(n.differences.map((d) => `${d.section}|${d.field}`).sort()).toEqual(expected.sort());
      expect(n.differences.some((d) => d.field === 'Race final drive')).toBe(false);
    },
  },
];
