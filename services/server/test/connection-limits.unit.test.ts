import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { EDGE_MAX_CONNECTIONS_PER_ADDRESS, maxConnectionsPerAddress } from '../src/connection-limits.ts';

describe('maxConnectionsPerAddress', () => {
  it('caps where clients connect themselves and not on the roles only the gateway reaches (all its users are one address there)', () => {
    const config = ConfigSchema.parse({});
    expect(maxConnectionsPerAddress(config, 'all')).toBe(EDGE_MAX_CONNECTIONS_PER_ADDRESS);
    expect(maxConnectionsPerAddress(config, 'gateway')).toBe(EDGE_MAX_CONNECTIONS_PER_ADDRESS);
    expect(maxConnectionsPerAddress(config, 'web')).toBe(EDGE_MAX_CONNECTIONS_PER_ADDRESS);
    expect(maxConnectionsPerAddress(config, 'query')).toBe(0);
    expect(maxConnectionsPerAddress(config, 'command')).toBe(0);
  });

  it('takes MAX_CONNECTIONS_PER_ADDRESS when it is set, on every role', () => {
    expect(maxConnectionsPerAddress(ConfigSchema.parse({ MAX_CONNECTIONS_PER_ADDRESS: '0' }), 'gateway')).toBe(0);
    expect(maxConnectionsPerAddress(ConfigSchema.parse({ MAX_CONNECTIONS_PER_ADDRESS: '16' }), 'query')).toBe(16);
  });
});
