import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Row {
  part: string;
  js: number;
  css: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build preset is CommonJS without type declarations
const { shellSizeReport }: { shellSizeReport(dir: string): Row[] } = require('./size-report.js');

describe("the shell's size report", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'size-report-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("splits the entry's compressed weight by package from its source map and names other chunks by their packages", () => {
    // 5 characters from react-router, then 15 from the shell's own code (segments "AAAA" at column 0, "KCAA" at 5).
    fs.writeFileSync(path.join(dir, 'main.js'), `${'r'.repeat(5)}${'s'.repeat(15)}`);
    fs.writeFileSync(
      path.join(dir, 'main.js.map'),
      JSON.stringify({
        version: 3,
        sources: ['webpack://site_shell/../node_modules/react-router/dist/index.js', 'webpack://site_shell/./src/app/App.tsx'],
        mappings: 'AAAA,KCAA',
      }),
    );
    fs.writeFileSync(path.join(dir, '1.abc.js'), 'x'.repeat(2000));
    fs.writeFileSync(path.join(dir, 'main.css'), 'body{}');
    fs.writeFileSync(path.join(dir, 'shell-assets.json'), JSON.stringify({ js: ['main.js'], css: ['main.css'] }));
    fs.writeFileSync(
      path.join(dir, 'shell-chunks.json'),
      JSON.stringify([
        { name: 'main', files: ['main.js'], initial: true, packages: ['shell'] },
        { name: null, files: ['1.abc.js'], initial: false, packages: ['react-dom'] },
      ]),
    );
    const rows = shellSizeReport(dir);
    const entry = rows[0]!;
    expect(entry.part).toBe('entry and stylesheets (every page)');
    const shell = rows.find((row) => row.part.trim() === '~ shell')!;
    const router = rows.find((row) => row.part.trim() === '~ react-router')!;
    expect(shell.js / entry.js).toBeCloseTo(0.75, 5);
    expect(router.js / entry.js).toBeCloseTo(0.25, 5);
    expect(rows.find((row) => row.part === 'chunk react-dom')?.js).toBeGreaterThan(0);
  });
});
