// @ts-check
// ESLint for the whole repository (`npm run lint`, and a step of `npm test`). Formatting is Prettier's job
// (eslint-config-prettier turns the stylistic rules off); this file holds correctness rules, the React rules and the
// import boundaries between the packages. A rule is turned off only with the reason written next to it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.tsx', 'infra/test-support/**', 'infra/e2e/**'];
// The sources the root tsconfig.json type-checks: those get the rules that need type information.
const TYPED = [
  'shared-contracts/src',
  'shared-ui/src',
  'shell/src',
  'remotes/*/src',
  'infra/content-api/src',
  'infra/registry/src',
  'infra/server-kit/src',
  'infra/orchestrator/src',
  'infra/e2e',
  'infra/test-support/src',
].flatMap((dir) => [`${dir}/**/*.ts`, `${dir}/**/*.tsx`]);

/** A relative import that climbs out of its package into another top-level package folder. */
const OUT_OF_PACKAGE = '^(\\.\\./)+(shell|remotes|shared-ui|shared-contracts|infra)(/|$)';

/** The shell's import rules; the browser-code block repeats them because a later block's options replace, not extend. */
const SHELL_IMPORT_PATTERNS = [
  {
    group: ['@site/remote-*', '@site/content-api', '@site/registry'],
    message: 'The shell reaches remotes through federation and services over HTTP only.',
  },
  { regex: OUT_OF_PACKAGE, message: 'The shell imports other packages by their package name, never by a relative path.' },
];
/**
 * The shell's folders in layers, lowest first. A folder imports folders of its own layer and of the layers below it,
 * never of a layer above; the two entries (server and browser) never import each other. `lib` holds generic helpers
 * (no shell imports at all); the state layer holds the stores and what they stand on (API client, texts, sanitizing);
 * features build the site from them (the route table names the page components, so routing is one of them); the
 * entries assemble a server or a browser bundle. A new folder is added here, in the layer it belongs to.
 */
const SHELL_LAYERS = [
  { name: 'lib', folders: ['lib'] },
  { name: 'state', folders: ['i18n', 'security', 'api', 'stores'] },
  {
    name: 'features',
    folders: ['routing', 'app', 'layout', 'pages', 'sections', 'forms', 'federation', 'platform', 'analytics', 'inline-scripts'],
  },
  { name: 'entries', folders: ['server', 'browser'] },
];
/** Folders whose code goes into the browser bundle: they never import the shell's server modules. */
const SHELL_BROWSER_FOLDERS = ['app', 'browser', 'layout', 'pages', 'sections', 'stores', 'routing', 'i18n', 'forms', 'analytics', 'inline-scripts'];

/** A relative import that reaches one of `folders` of shell/src from a file in another folder of it. */
function shellFolderImport(folders) {
  return `^(\\.\\./)+(${folders.join('|')})(/|$)`;
}

/** One lint block per shell folder: the package boundaries, the layer rule and, for browser code, no server imports. */
function shellLayerBlocks() {
  return SHELL_LAYERS.flatMap((layer, index) => {
    const higher = SHELL_LAYERS.slice(index + 1).flatMap((above) => above.folders);
    return layer.folders.map((folder) => {
      const patterns = [...SHELL_IMPORT_PATTERNS];
      if (higher.length > 0)
        patterns.push({
          regex: shellFolderImport(higher),
          message: `shell/src/${folder} is in the ${layer.name} layer: it never imports from a higher layer (${higher.join(', ')}). Move what both need down, to this layer or lib/.`,
        });
      const otherEntries = layer.name === 'entries' ? layer.folders.filter((other) => other !== folder) : [];
      if (otherEntries.length > 0)
        patterns.push({
          regex: shellFolderImport(otherEntries),
          message: 'The server and the browser entries never import each other: move what both need to a lower layer.',
        });
      if (SHELL_BROWSER_FOLDERS.includes(folder))
        patterns.push({ regex: '(^|/)server/', message: "Browser code never imports the shell's server modules: move what both need out of server/." });
      return { files: [`shell/src/${folder}/**/*.{ts,tsx}`], ignores: TESTS, rules: { 'no-restricted-imports': ['error', { patterns }] } };
    });
  });
}
/** A relative import from one remote into another remote's sources (`../../../events/src/...`). */
const OTHER_REMOTE = '^(\\.\\./){2,}(news|events|education|forms|search)/src(/|$)';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-monolith/**',
      '**/dist-dev/**',
      '**/.monolith/**',
      '**/.data/**',
      '**/.federation/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.d.ts',
      // The browser build of the contracts, written by shared-contracts/scripts/compile-checkers.js.
      'shared-contracts/generated/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node },
    },
    rules: {
      // Unused bindings are errors, except the `_`-prefixed ones a signature or a destructuring must name.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      'object-shorthand': 'error',
      // `typeof import('x')` stays allowed: it types a module loaded later (a lazy `require` or `import()`).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // The CommonJS build scripts, jest configs and orchestrator: plain Node modules with `require`.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off', // these files are CommonJS: `require` is how they import
      '@typescript-eslint/consistent-type-imports': 'off', // no TypeScript syntax in JavaScript files
      // `const crypto = require('node:crypto')` names the module after Node's global of the same name on purpose.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Async callbacks handed where a void is expected are checked except for arguments and JSX attributes: Node's
      // timers and servers, Fastify's hooks and React's event handlers take async functions by design (the promise
      // inside is still checked by no-floating-promises).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false, properties: false } }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Browser code: React components of the shell, the design system and the remotes.
    files: [
      'shared-ui/src/**/*.{ts,tsx}',
      'shell/src/**/*.tsx',
      'shell/src/browser/**',
      'shell/src/app/**',
      'shell/src/inline-scripts/**',
      'remotes/*/src/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: TESTS,
    languageOptions: { globals: { ...globals.jest } },
  },
  // Import boundaries: remotes see only the contracts, the design system and their own files; the shell never a
  // remote; the content API only the contracts and the services' kit. Tests may also use the shared test helpers.
  {
    files: ['remotes/*/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'A remote takes links and navigation from @site/ui, never from the router.' },
            { name: 'react-router-dom', message: 'A remote takes links and navigation from @site/ui, never from the router.' },
          ],
          patterns: [
            { group: ['@site/*', '!@site/contracts', '!@site/ui'], message: 'A remote imports only @site/contracts, @site/ui and its own files.' },
            { regex: OUT_OF_PACKAGE, message: 'A remote imports only @site/contracts, @site/ui and its own files.' },
            { regex: OTHER_REMOTE, message: 'A remote never imports another remote.' },
          ],
        },
      ],
    },
  },
  {
    files: ['remotes/*/src/**/*.test.{ts,tsx}', 'remotes/*/src/**/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@site/*', '!@site/contracts', '!@site/ui', '!@site/test-support'],
              message: "A remote's tests use only @site/contracts, @site/ui, @site/test-support and the remote's own files.",
            },
            { regex: OUT_OF_PACKAGE, message: "A remote's tests use only its own files and the shared packages by name." },
            { regex: OTHER_REMOTE, message: 'A remote never imports another remote.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [...SHELL_IMPORT_PATTERNS] }] },
  },
  // The shell's folders in layers (SHELL_LAYERS): each folder imports its own layer and those below, never above.
  ...shellLayerBlocks(),
  {
    files: ['infra/content-api/src/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@site/*', '!@site/contracts', '!@site/server-kit'], message: 'The content API depends only on @site/contracts and @site/server-kit.' },
            { regex: OUT_OF_PACKAGE, message: 'The content API depends only on @site/contracts and @site/server-kit.' },
          ],
        },
      ],
    },
  },
  prettier,
);
