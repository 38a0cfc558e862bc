import { CONTRACTS_VERSION, checkContractsCompatibility, parseSemVer } from './version';

describe('contracts compatibility', () => {
  it('accepts a remote built with the same or an older minor of the same major', () => {
    expect(checkContractsCompatibility('1.0.0', '1.0.0')).toEqual({ compatible: true });
    expect(checkContractsCompatibility('1.2.9', '1.3.0')).toEqual({ compatible: true });
    expect(checkContractsCompatibility('1.3.5', '1.3.0')).toEqual({ compatible: true });
  });

  it('refuses another major, a newer minor and a version that is not semantic, and says why', () => {
    const major = checkContractsCompatibility('2.0.0', '1.4.0');
    expect(major.compatible).toBe(false);
    expect(major.reason).toContain('major versions differ');
    const newer = checkContractsCompatibility('1.5.0', '1.4.0');
    expect(newer.compatible).toBe(false);
    expect(newer.reason).toContain('newer');
    expect(checkContractsCompatibility('latest', '1.0.0').compatible).toBe(false);
  });

  it('parses the pinned version', () => {
    expect(parseSemVer(CONTRACTS_VERSION)).not.toBeNull();
    expect(parseSemVer('1.2.3-abc')).toEqual({ major: 1, minor: 2, patch: 3 });
  });
});
