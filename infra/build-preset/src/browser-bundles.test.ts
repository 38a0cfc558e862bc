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

/**
 * The shell's entry is compiled eagerly by V8 while it downloads (its first line is the explicit compile hint); its
 * lazily loaded chunks, most of whose code a page never runs, are not. The hint is added after minifying, and the
 * source map counts it: a position in the entry still maps to the source it came from.
 */
test("the shell's entry opens with V8's compile hint, its lazy chunks do not, and its source map counts the added line", async () => {
  const dir = path.join(repoRoot, 'shell/dist/browser');
  const assets = JSON.parse(fs.readFileSync(path.join(dir, 'shell-assets.json'), 'utf8')) as { js: string[] };
  const entry = path.join(dir, assets.js[0]!);
  const lines = fs.readFileSync(entry, 'utf8').split('\n');
  expect(lines[0]).toBe('//# allFunctionsCalledOnLoad');
  const chunks = scripts(dir).filter((file) => file !== entry);
  expect(chunks.length).toBeGreaterThan(3);
  expect(chunks.filter((file) => fs.readFileSync(file, 'utf8').startsWith('//# allFunctionsCalledOnLoad')).map((file) => path.basename(file))).toEqual([]);

  const { SourceMapConsumer } = await import('source-map');
  const consumer = await new SourceMapConsumer(JSON.parse(fs.readFileSync(`${entry}.map`, 'utf8')));
  // A text only the browser entry's own module has (its start-up error), found in the entry and mapped back.
  const text = 'The site failed to start in the browser';
  const line = lines.findIndex((code) => code.includes(text));
  expect(line).toBeGreaterThan(0);
  const original = consumer.originalPositionFor({ line: line + 1, column: lines[line]!.indexOf(text) - 1 });
  consumer.destroy();
  expect(original.source).toMatch(/src\/browser\/index\.tsx$/);
  const source = fs.readFileSync(path.join(repoRoot, 'shell/src/browser/index.tsx'), 'utf8').split('\n');
  expect(source[original.line! - 1]).toContain(text);
});
