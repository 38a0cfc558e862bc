import { yieldToBrowser } from './yield';

describe('yieldToBrowser', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const calls: string[] = [];
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: () => {
        calls.push('yield');
        return Promise.resolve();
      },
    };
    await yieldToBrowser();
    expect(calls).toEqual(['yield']);
  });

  it('elsewhere goes on in a new task: after a task queued before it, not in the current one', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const yielded = yieldToBrowser().then(() => order.push('after the yield'));
    await Promise.resolve();
    order.push('rest of the current task');
    await yielded;
    expect(order).toEqual(['rest of the current task', 'queued task', 'after the yield']);
  });
});
