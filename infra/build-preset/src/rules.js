'use strict';
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { babelConfigFile } = require('./paths');
const { MESSAGE_JSON, SHELL_MESSAGES_MODULE } = require('./icu-messages');

/**
 * TypeScript/JSX through Babel, with linaria's styles extracted by WyW first. CSS goes to files in the
 * browser build; the server build keeps only the class names (`emit: false`).
 */
/** The design system's sources, whether reached through the workspace folder or the installed package link. */
const DESIGN_SYSTEM_SOURCES = /[\\/](shared-ui|node_modules[\\/]@site[\\/]ui)[\\/]/;

/**
 * `designSystemCss: false` (remote browser builds) keeps the design system's class names but emits none of its
 * CSS: the shell provides `@site/ui` and its stylesheet to every page, so a remote's CSS holds only its own
 * sections' styles instead of a second copy of the design system per remote on the page.
 */
function moduleRules({ side, classPrefix, designSystemCss = true }) {
  const babelOptions = { configFile: babelConfigFile, babelrc: false };
  const icuMessagesLoader = require.resolve('./icu-messages');
  return [
    // Browsers get precompiled messages (see icu-messages.js); the server keeps the strings and parses them.
    ...(side === 'browser'
      ? [
          { test: MESSAGE_JSON, type: 'json', use: [{ loader: icuMessagesLoader }] },
          { test: SHELL_MESSAGES_MODULE, enforce: 'pre', use: [{ loader: icuMessagesLoader }] },
        ]
      : []),
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules[\\/](?!@site[\\/])/,
      use: [
        { loader: require.resolve('babel-loader'), options: { ...babelOptions, cacheDirectory: false } },
        {
          loader: require.resolve('@wyw-in-js/webpack-loader'),
          options: {
            babelOptions,
            sourceMap: false,
            // Identical file paths in two remotes would otherwise give identical class names; the design
            // system keeps one prefix whichever build compiles it, so a shared singleton's classes match.
            // `classPrefix` may be a function of the file's folder (the monolith build compiles every team's code).
            classNameSlug: (hash, title, args) =>
              `${/shared-ui/.test(args?.dir ?? '') ? 'ui' : typeof classPrefix === 'function' ? classPrefix(args?.dir ?? '') : classPrefix}_${title}_${hash}`,
          },
        },
      ],
    },
    {
      test: /\.css$/,
      oneOf: [...(designSystemCss ? [] : [{ include: DESIGN_SYSTEM_SOURCES, use: cssLoaders(false) }]), { use: cssLoaders(side === 'browser') }],
    },
  ];
}

function cssLoaders(emit) {
  return [
    { loader: MiniCssExtractPlugin.loader, options: { emit } },
    { loader: require.resolve('css-loader'), options: { modules: false, importLoaders: 0 } },
  ];
}

module.exports = { moduleRules };
