import { configFromEnv, trustProxyFrom } from './config';

describe('TRUST_PROXY', () => {
  test('defaults to the shell on this machine: loopback only', () => {
    expect(configFromEnv({}).trustProxy).toBe('loopback');
  });

  test('reads true, false and lists of addresses, CIDRs and presets', () => {
    expect(trustProxyFrom('false', 'loopback')).toBe(false);
    expect(trustProxyFrom('true', 'loopback')).toBe(true);
    expect(trustProxyFrom(' loopback,uniquelocal ', 'loopback')).toBe('loopback,uniquelocal');
    expect(trustProxyFrom('10.0.0.0/8', 'loopback')).toBe('10.0.0.0/8');
    expect(trustProxyFrom('', 'loopback')).toBe('loopback');
  });
});
