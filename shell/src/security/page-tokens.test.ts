import { PageTokens } from './page-tokens';

describe('page tokens', () => {
  const key = Buffer.from('page-token-test-key-0123456789');

  it('count a report once per page view and kind, for the versions the view was served with, until they expire', () => {
    let now = 1_000_000;
    const tokens = new PageTokens(key, { ttlMs: 60_000 }, () => now);
    const token = tokens.issue(['news@1.0.0', 'events@2.0.0']);
    expect(tokens.accept(token, 'LCP', ['news@1.0.0'], 'a')).toEqual({ counted: true });
    expect(tokens.accept(token, 'LCP', ['news@1.0.0'], 'a')).toEqual({ counted: false, reason: 'reused' });
    expect(tokens.accept(token, 'CLS', ['news@1.0.0', 'events@2.0.0'], 'a')).toEqual({ counted: true });
    expect(tokens.accept(token, 'INP', ['news@1.0.1'], 'a')).toEqual({ counted: false, reason: 'other versions' });
    expect(tokens.accept(new PageTokens(Buffer.from('another-key-0123456789abcdef')).issue(['news@1.0.0']), 'INP', ['news@1.0.0'], 'a')).toEqual({
      counted: false,
      reason: 'forged',
    });
    expect(tokens.accept(undefined, 'INP', ['news@1.0.0'], 'a')).toEqual({ counted: false, reason: 'no token' });
    expect(tokens.accept('x.y.z', 'INP', ['news@1.0.0'], 'a')).toEqual({ counted: false, reason: 'forged' });
    now += 60_000;
    expect(tokens.accept(token, 'INP', ['news@1.0.0'], 'a')).toEqual({ counted: false, reason: 'expired' });
  });

  it('keep bounded memory: when full of live entries nothing more counts; expired entries make room', () => {
    let now = 0;
    const tokens = new PageTokens(key, { ttlMs: 1000, maxUsed: 3 }, () => now);
    const issued = Array.from({ length: 4 }, () => tokens.issue(['news@1.0.0']));
    for (const token of issued.slice(0, 3)) expect(tokens.accept(token, 'LCP', [], 'a').counted).toBe(true);
    expect(tokens.accept(issued[3], 'LCP', [], 'a')).toEqual({ counted: false, reason: 'busy' });
    now = 500;
    const fresh = tokens.issue(['news@1.0.0']);
    now = 1000;
    expect(tokens.accept(fresh, 'LCP', [], 'a')).toEqual({ counted: true });
    // Error reports: at most `clientCap` per address and window, and at most `maxClients` addresses at once.
    const limited = new PageTokens(key, { clientCap: 2, maxClients: 2 }, () => now);
    const errors = Array.from({ length: 4 }, () => limited.issue(['news@1.0.0']));
    expect(limited.accept(errors[0], 'section-error:news', ['news@1.0.0'], 'b', true).counted).toBe(true);
    expect(limited.accept(errors[1], 'section-error:news', ['news@1.0.0'], 'b', true).counted).toBe(true);
    expect(limited.accept(errors[2], 'section-error:news', ['news@1.0.0'], 'b', true)).toEqual({ counted: false, reason: 'client cap' });
    expect(limited.accept(errors[2], 'section-error:news', ['news@1.0.0'], 'c', true).counted).toBe(true);
    expect(limited.accept(errors[3], 'section-error:news', ['news@1.0.0'], 'd', true)).toEqual({ counted: false, reason: 'client cap' });
  });
});
