'use strict';
// The jest transform of every package: a file that imports linaria (`@linaria/...`) goes through Babel with the
// WyW preset, which evaluates its styles into the class names the build gives them; every other file (most sources,
// the infra packages, the ES-module node_modules) only needs its TypeScript, JSX and ES modules compiled, and SWC
// does that several times faster than Babel. Jest caches each file under its chosen transformer's own key.
const babelJest = require('babel-jest').default;
const swcJest = require('@swc/jest');

const LINARIA_IMPORT = '@linaria/';
// Jest runs a module inside a function whose parameters are `module`, `exports`, `require`, `__filename` and
// `__dirname`. Babel renames a top-level binding of one of those names, SWC keeps it and the file fails to parse
// (a test's `const module = ...`): such a file goes through Babel too.
const WRAPPER_NAME_DECLARED = /^(?:export\s+)?(?:const|let|var|function|class)\s+(?:module|exports|require|__filename|__dirname)\b/m;

/** SWC settings per kind of file: `tsx` must be off for .ts, where `<T>value` is a type assertion, not JSX. */
function swcOptions(syntax, tsx = false) {
  return {
    // Options here only: a stray .swcrc is not read.
    swcrc: false,
    jsc: {
      parser: syntax === 'ecmascript' ? { syntax, jsx: true } : { syntax, tsx },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  };
}

module.exports = {
  /** @param {{ babel: object }} options babel-jest's options, for the files that import linaria (or see above). */
  createTransformer({ babel }) {
    const babelTransformer = babelJest.createTransformer(babel);
    const swc = {
      ts: swcJest.createTransformer(swcOptions('typescript')),
      tsx: swcJest.createTransformer(swcOptions('typescript', true)),
      js: swcJest.createTransformer(swcOptions('ecmascript')),
    };
    const pick = (source, filename) => {
      if (source.includes(LINARIA_IMPORT) || WRAPPER_NAME_DECLARED.test(source)) return babelTransformer;
      if (filename.endsWith('.tsx')) return swc.tsx;
      return /\.[cm]?ts$/.test(filename) ? swc.ts : swc.js;
    };
    return {
      // Jest instruments for coverage itself (SWC cannot), so neither transformer is asked to.
      canInstrument: false,
      getCacheKey: (source, filename, options) => pick(source, filename).getCacheKey(source, filename, { ...options, instrument: false }),
      process: (source, filename, options) => pick(source, filename).process(source, filename, { ...options, instrument: false }),
    };
  },
};
