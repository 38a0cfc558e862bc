import type { ProgressIndicator } from '@site/contracts';
import { uploadProgress } from './use-form-flow';

function recordingBar(): ProgressIndicator & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    start: () => calls.push('start'),
    pause: () => calls.push('pause'),
    resume: () => calls.push('resume'),
    increase: (amount) => calls.push(`increase ${Math.round(amount)}`),
    finish: () => calls.push('finish'),
    fail: () => calls.push('fail'),
  };
}

describe('the loading bar during an upload', () => {
  it('is paused (no timed filling) and increased by the share of bytes sent, started over on a retry', () => {
    const bar = recordingBar();
    const upload = uploadProgress(bar);
    upload.onProgress(50, 100);
    upload.onProgress(40, 100);
    upload.onProgress(100, 100);
    upload.restart();
    upload.onProgress(10, 100);
    expect(bar.calls).toEqual(['start', 'pause', 'increase 48', 'increase 48', 'start', 'pause', 'increase 10']);
  });

  it('does nothing without a bar (an older shell) or without a known total', () => {
    expect(() => uploadProgress(undefined).onProgress(1, 2)).not.toThrow();
    const bar = recordingBar();
    uploadProgress(bar).onProgress(10, undefined);
    expect(bar.calls).toEqual(['start', 'pause']);
  });
});
