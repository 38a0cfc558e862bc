import { untilLoaded } from './retry-load';

describe("loading a section's browser code until it arrives", () => {
  it('retries failures after growing pauses and resolves with the first success; it never rejects', async () => {
    const pauses: number[] = [];
    const failures: number[] = [];
    let calls = 0;
    const result = await untilLoaded(
      async () => {
        calls += 1;
        if (calls < 6) throw new Error(`attempt ${calls} failed`);
        return 'module';
      },
      { delaysMs: [10, 20, 30], sleep: async (ms) => void pauses.push(ms), onFailure: (_error, attempt) => failures.push(attempt) },
    );
    expect(result).toBe('module');
    expect(failures).toEqual([0, 1, 2, 3, 4]);
    expect(pauses).toEqual([10, 20, 30, 30, 30]);
  });
});
