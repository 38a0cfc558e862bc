'use strict';
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { babelConfigFile } = require('./paths');

/**
 * TypeScript/JSX through Babel, with linaria's styles extracted by WyW first. CSS goes to files in the
 * browser build; the server build keeps only the class names (`emit: false`).
 */
function moduleRules({ side, classPrefix }) {
  const babelOptions = { configFile: babelConfigFile, babelrc: false };
  return [
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
            classNameSlug: (hash, title, args) =>
              `${/shared-ui/.test(args?.dir ?? '') ? 'ui' : classPrefix}_${title}_${hash}`,
          },
        },
      ],
    },
    {
      test: /\.css$/,
      use: [
        { loader: MiniCssExtractPlugin.loader, options: { emit: side === 'browser' } },
        { loader: require.resolve('css-loader'), options: { modules: false, importLoaders: 0 } },
      ],
    },
  ];
}

module.exports = { moduleRules };
