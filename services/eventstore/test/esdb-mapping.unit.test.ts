import {
  backoffDelay,
  eventTypeRegex,
  isEsdbUnavailable,
  isStreamNotFound,
  isSystemEventType,
  isWrongExpectedVersion,
  revisionAllows,
  toActualRevision,
  toBigInt,
  toPortError,
  toPosition,
  toReadPosition,
  toStreamPosition,
  toStreamState,
} from '../src/esdb-mapping.ts';
import { ConcurrencyError, START, StoreUnavailableError } from '../src/port.ts';

describe('toStreamState', () => {
  it('maps the named expectations and an exact revision as bigint', () => {
    expect(toStreamState('car-1', 'no_stream')).toBe('no_stream');
    expect(toStreamState('car-1', 'stream_exists')).toBe('stream_exists');
    expect(toStreamState('car-1', 'any')).toBe('any');
    expect(toStreamState('car-1', 0)).toBe(0n);
    expect(toStreamState('car-1', 41)).toBe(41n);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 31, 'latest' as never])('rejects %s with a TypeError naming the stream', (bad) => {
    expect(() => toStreamState('car-1', bad)).toThrow(TypeError);
    expect(() => toStreamState('car-1', bad)).toThrow(/car-1/);
  });
});

describe('position coercion', () => {
  it('accepts bigints, safe integer numbers and digit strings', () => {
    expect(toBigInt(5n)).toBe(5n);
    expect(toBigInt(5)).toBe(5n);
    expect(toBigInt('18446744073709551615')).toBe(18446744073709551615n);
    expect(toBigInt('-1')).toBe(-1n);
  });

  it('rejects numbers that have lost precision, fractions and non-numbers', () => {
    expect(() => toBigInt(2 ** 53 + 2, 'commit')).toThrow(/commit .*not a safe integer/);
    expect(() => toBigInt(1.5)).toThrow(TypeError);
    expect(() => toBigInt('12a')).toThrow(TypeError);
    expect(() => toBigInt(undefined)).toThrow(TypeError);
  });

  it('builds a port Position from mixed number/bigint components (the client may hand numbers)', () => {
    expect(toPosition({ commit: 1234, prepare: 1234n })).toEqual({ commit: 1234n, prepare: 1234n });
    expect(toPosition({ commit: '99', prepare: 98 })).toEqual({ commit: 99n, prepare: 98n });
    expect(() => toPosition(undefined, 'append position')).toThrow('EventStoreDB returned no append position');
    expect(() => toPosition({ commit: 1 })).toThrow(/prepare/);
    // Servers before 22.x answer stream reads with u64::MAX for "no position".
    expect(() => toPosition({ commit: 18446744073709551615n, prepare: 18446744073709551615n })).toThrow(/before 22\.x/);
  });

  it('turns revisions into stream positions and current states into ConcurrencyError.actual', () => {
    expect(toStreamPosition(3n)).toBe(3);
    expect(toStreamPosition(3)).toBe(3);
    expect(() => toStreamPosition(-1n)).toThrow(TypeError);
    expect(toActualRevision(7n)).toBe(7);
    expect(toActualRevision(7)).toBe(7);
    expect(toActualRevision('no_stream')).toBe('no_stream');
    expect(toActualRevision(-1n)).toBe('no_stream');
    expect(toActualRevision(undefined)).toBe('no_stream');
  });

  it("starts a read of $all at 'start' for START and at the exact position otherwise", () => {
    expect(toReadPosition(START)).toBe('start');
    expect(toReadPosition({ commit: 0n, prepare: 0n })).toEqual({ commit: 0n, prepare: 0n });
    expect(toReadPosition({ commit: 10n, prepare: 9n })).toEqual({ commit: 10n, prepare: 9n });
  });
});

describe('revisionAllows', () => {
  it.each([
    ['any', -1, true], ['any', 4, true],
    ['no_stream', -1, true], ['no_stream', 0, false],
    ['stream_exists', -1, false], ['stream_exists', 0, true],
    [2, 2, true], [2, 3, false], [0, -1, false],
  ] as const)('%s with current revision %i → %s', (expected, current, allowed) => {
    expect(revisionAllows(expected, current)).toBe(allowed);
  });
});

describe('error mapping', () => {
  // Shapes seen from @kurrent/kurrentdb-client 1.3 against a closed port (127.0.0.1:1):
  const rawGrpcUnavailable = Object.assign(new Error('14 UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED'), { code: 14, details: 'No connection established' });
  const bridgeUnavailable = Object.assign(new Error('UnavailableError'), { name: 'Error', type: 'unavailable' });
  const subscriptionUnavailable = Object.assign(new Error('UNAVAILABLE'), { type: 'unavailable', code: 14 });

  it.each([
    ['a raw gRPC ServiceError with code 14 (append)', rawGrpcUnavailable],
    ["a CommandError with type 'unavailable' and no code (Rust bridge reads)", bridgeUnavailable],
    ['a CommandError with both (subscriptions)', subscriptionUnavailable],
    ['a deadline exceeded', { type: 'deadline-exceeded' }],
    ['gRPC DEADLINE_EXCEEDED', { code: 4 }],
    ['a socket error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a not-leader answer', { name: 'NotLeaderError' }],
  ])('maps %s to StoreUnavailableError (503) keeping the cause', (_name, error) => {
    expect(isEsdbUnavailable(error)).toBe(true);
    const mapped = toPortError(error);
    expect(mapped).toBeInstanceOf(StoreUnavailableError);
    expect(mapped).toMatchObject({ statusCode: 503, cause: error });
  });

  it('maps WrongExpectedVersionError to ConcurrencyError (409) with the actual revision', () => {
    const wrong = { type: 'wrong-expected-version', streamName: 'car-1', expectedState: 0n, actualState: 3n };
    expect(isWrongExpectedVersion(wrong)).toBe(true);
    const mapped = toPortError(wrong, 'car-1', 0);
    expect(mapped).toBeInstanceOf(ConcurrencyError);
    expect(mapped).toMatchObject({ statusCode: 409, streamName: 'car-1', expected: 0, actual: 3 });
    expect(toPortError({ ...wrong, actualState: 'no_stream' }, 'car-1', 'stream_exists')).toMatchObject({ actual: 'no_stream' });
  });

  it('leaves other errors, and errors already mapped, unchanged', () => {
    const other = Object.assign(new Error('access denied'), { type: 'access-denied', code: 7 });
    expect(toPortError(other)).toBe(other);
    const typeError = new TypeError('bad');
    expect(toPortError(typeError)).toBe(typeError);
    const unavailable = new StoreUnavailableError(new Error('x'));
    expect(toPortError(unavailable)).toBe(unavailable);
    expect(isEsdbUnavailable(undefined)).toBe(false);
    expect(isEsdbUnavailable('UNAVAILABLE')).toBe(false);
  });

  it('recognises a missing stream by type or by name', () => {
    expect(isStreamNotFound({ type: 'stream-not-found' })).toBe(true);
    expect(isStreamNotFound({ name: 'StreamNotFoundError' })).toBe(true);
    expect(isStreamNotFound(new Error('nope'))).toBe(false);
    expect(isStreamNotFound(null)).toBe(false);
  });
});

describe('eventTypeRegex', () => {
  it('matches exactly the listed types, never a longer type with the same prefix', () => {
    const re = new RegExp(eventTypeRegex(['CarRegistered', 'GearRatiosSet']));
    expect(re.test('CarRegistered')).toBe(true);
    expect(re.test('GearRatiosSet')).toBe(true);
    expect(re.test('CarRegisteredV2')).toBe(false);
    expect(re.test('XCarRegistered')).toBe(false);
  });

  it('escapes regex characters in type names and leaves out system types', () => {
    const re = new RegExp(eventTypeRegex(['a.b', 'c+d', '$metadata']));
    expect(re.test('a.b')).toBe(true);
    expect(re.test('axb')).toBe(false);
    expect(re.test('c+d')).toBe(true);
    expect(re.test('$metadata')).toBe(false);
  });

  it('matches every non-system event without a type list and rejects an empty list', () => {
    const re = new RegExp(eventTypeRegex());
    expect(re.test('CarRegistered')).toBe(true);
    expect(re.test('$>')).toBe(false);
    expect(re.test('$statsCollected')).toBe(false);
    expect(() => eventTypeRegex([])).toThrow(TypeError);
    expect(isSystemEventType('$metadata')).toBe(true);
    expect(isSystemEventType('CarRegistered')).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('doubles from initialMs, caps at maxMs, and takes off at most 20 % jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, { initialMs: 100, maxMs: 1000 }, noJitter))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffDelay(1000, { initialMs: 100, maxMs: 1000 }, noJitter)).toBe(1000);
    expect(backoffDelay(3, { initialMs: 100, maxMs: 1000 }, () => 0.999_999)).toBe(320);
    for (let attempt = 1; attempt < 40; attempt++) {
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(Math.min(100 * 2 ** (attempt - 1), 10_000) * 0.8 - 1);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });
});
