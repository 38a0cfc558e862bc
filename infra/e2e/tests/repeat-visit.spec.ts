import { expect, test } from '@playwright/test';
import { shellEntryPath } from '../support/site';

/**
 * A visitor's second page costs little: the shell's entry, like every other script of the shell, has a content-hashed
 * name served `immutable`, so the browser never asks for it again. (How many script bytes a second page view
 * downloads is a figure of the phone bench.)
 */
test("the shell's entry script has a content-hashed name and is served immutable", async ({ request }) => {
  const entry = await shellEntryPath(request);
  expect(entry).toMatch(/^\/_shell\/main\.[0-9a-f]{10}\.js$/);
  const answer = await request.get(entry);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
