import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

interface LintResult {
  file: string;
  messages: string[];
}

/**
 * Lints source texts as files of shell/src with the repository's ESLint config, through ESLint's Node API in a
 * process of its own (ESLint loads its ES-module config with a dynamic import jest's module system does not run).
 * Only the import rule runs, without type information: the texts are not files of the TypeScript project.
 */
function lintImports(files: Record<string, string>): LintResult[] {
  const script = `
    const { ESLint } = require('eslint');
    const files = JSON.parse(process.argv[1]);
    const eslint = new ESLint({
      cwd: ${JSON.stringify(repoRoot)},
      overrideConfig: { languageOptions: { parserOptions: { project: null } } },
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    });
    (async () => {
      const results = [];
      for (const [file, text] of Object.entries(files)) {
        const [result] = await eslint.lintText(text, { filePath: file });
        results.push({ file, messages: result.messages.map((message) => (message.ruleId ?? 'parse') + ': ' + message.message) });
      }
      process.stdout.write(JSON.stringify(results));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(files)], { cwd: repoRoot, encoding: 'utf8' });
  return JSON.parse(output) as LintResult[];
}

describe("the shell's layers: a folder never imports from a higher layer", () => {
  let results: Record<string, string[]>;

  beforeAll(() => {
    const linted = lintImports({
      // Refused: a store reaching up into a feature, a generic helper into a store, an entry into the other entry.
      'shell/src/stores/layer-probe.ts': "import { Layout } from '../layout/Layout';\nexport const probe = Layout;\n",
      'shell/src/lib/layer-probe.ts': "import type { RootStore } from '../stores/root-store';\nexport type Probe = RootStore;\n",
      'shell/src/server/layer-probe.ts': "import { startVitals } from '../browser/web-vitals';\nexport const probe = startVitals;\n",
      'shell/src/routing/layer-probe.ts': "import { renderPage } from '../server/render-page';\nexport const probe = renderPage;\n",
      // Accepted: a feature using a store and a generic helper; an entry using a feature.
      'shell/src/layout/layer-probe.ts':
        "import type { RootStore } from '../stores/root-store';\nimport { loadOnce } from '../lib/load-once';\nexport const probe: [RootStore | null, unknown] = [null, loadOnce];\n",
      'shell/src/server/plugins/layer-probe.ts': "import { siteRoutes } from '../../routing/site-routes';\nexport const probe = siteRoutes;\n",
    });
    results = Object.fromEntries(linted.map(({ file, messages }) => [file, messages]));
  }, 60_000);

  it('refuses a store importing a feature, naming the layer and the way out', () => {
    expect(results['shell/src/stores/layer-probe.ts']).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*shell\/src\/stores is in the state layer: it never imports from a higher layer .*Move what both need down/,
      ),
    ]);
  });

  it('refuses a generic helper in lib/ importing anything of the shell above it', () => {
    expect(results['shell/src/lib/layer-probe.ts']).toEqual([expect.stringMatching(/shell\/src\/lib is in the lib layer/)]);
  });

  it('refuses one entry importing the other, and browser code importing the server', () => {
    expect(results['shell/src/server/layer-probe.ts']).toEqual([expect.stringMatching(/server and the browser entries never import each other/)]);
    expect(results['shell/src/routing/layer-probe.ts']).toEqual(
      expect.arrayContaining([expect.stringMatching(/higher layer/), expect.stringMatching(/Browser code never imports the shell's server modules/)]),
    );
  });

  it('accepts imports of the same or a lower layer', () => {
    expect(results['shell/src/layout/layer-probe.ts']).toEqual([]);
    expect(results['shell/src/server/plugins/layer-probe.ts']).toEqual([]);
  });
});
