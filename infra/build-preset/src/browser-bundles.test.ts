import fs from 'node:fs';
import path from 'node:path';

/**
 * Browsers ship no TypeBox (issue 11 point 3): after `npm run build`, no script of the shell's or a remote's browser
 * build carries TypeBox's type-kind symbol key, while the server builds, which keep TypeBox, do.
 */

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];
const TYPEBOX_MARKER = 'TypeBox.Kind';

function scripts(dir: string): string[] {
  if (!fs.existsSync(dir)) throw new Error(`${path.relative(repoRoot, dir)} is missing: run npm run build first`);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(dir, name));
}

const browserScripts = [path.join(repoRoot, 'shell/dist/browser'), ...REMOTES.map((team) => path.join(repoRoot, 'remotes', team, 'dist'))].flatMap(scripts);
const serverScripts = REMOTES.map((team) => path.join(repoRoot, 'remotes', team, 'dist/server')).flatMap(scripts);

test('no browser script of the shell or of a remote carries TypeBox', () => {
  expect(browserScripts.length).toBeGreaterThan(REMOTES.length);
  const withTypeBox = browserScripts.filter((file) => fs.readFileSync(file, 'utf8').includes(TYPEBOX_MARKER)).map((file) => path.relative(repoRoot, file));
  expect(withTypeBox).toEqual([]);
});

test('the server builds keep TypeBox, so the marker finds it where it is', () => {
  const withTypeBox = serverScripts.filter((file) => fs.readFileSync(file, 'utf8').includes(TYPEBOX_MARKER));
  expect(withTypeBox.length).toBeGreaterThanOrEqual(REMOTES.length);
});
