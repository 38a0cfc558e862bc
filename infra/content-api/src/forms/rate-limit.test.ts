import { RateLimiter } from './rate-limit';

test('a client over its limit waits until its window ends; other clients are not affected', () => {
  let now = 0;
  const limiter = new RateLimiter({ max: 2, windowMs: 10_000 }, () => now);
  expect(limiter.hit('a')).toBe(0);
  expect(limiter.hit('a')).toBe(0);
  expect(limiter.hit('a')).toBe(10);
  expect(limiter.hit('b')).toBe(0);
  now = 10_000;
  expect(limiter.hit('a')).toBe(0);
});

test('a repeated idempotency key is free only once its submission was stored; failed attempts under it all count', () => {
  const limiter = new RateLimiter({ max: 2, windowMs: 10_000 }, () => 0);
  expect(limiter.hit('a', 'key-1')).toBe(0);
  limiter.stored('a', 'key-1');
  expect(limiter.hit('a', 'key-1')).toBe(0);
  expect(limiter.hit('a', 'key-2')).toBe(0);
  // key-2 was never stored (its attempt failed): its retries are new attempts.
  expect(limiter.hit('a', 'key-2')).toBeGreaterThan(0);
  expect(limiter.hit('a', 'key-1')).toBe(0);
});
