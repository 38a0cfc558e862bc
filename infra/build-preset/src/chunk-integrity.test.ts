import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ChunkIntegrityPlugin } = require('./chunk-integrity.js') as { ChunkIntegrityPlugin: new () => webpack.WebpackPluginInstance };

const sri = (file: string) => `sha256-${createHash('sha256').update(fs.readFileSync(file)).digest('base64')}`;

function compile(config: webpack.Configuration): Promise<webpack.Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('no stats'));
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

describe('integrity of the chunks a webpack runtime loads', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-integrity-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A real webpack compile: seconds on a loaded two-core machine, over jest's default 5 s.
  test('the runtime holds the sha256 of every JS and CSS chunk as written, and gives it to the elements it creates', async () => {
    fs.writeFileSync(path.join(dir, 'index.js'), "import('./lazy.js').then((lazy) => lazy.run());\n");
    fs.writeFileSync(path.join(dir, 'lazy.js'), "import './lazy.css';\nexport function run() { return 'lazy code'; }\n");
    fs.writeFileSync(path.join(dir, 'lazy.css'), '.lazy { color: rebeccapurple; }\n');
    const out = path.join(dir, 'dist');
    await compile({
      mode: 'production',
      context: dir,
      target: 'web',
      entry: { main: './index.js' },
      output: { path: out, publicPath: 'auto', filename: '[name].js', chunkFilename: '[name].[contenthash:10].js', crossOriginLoading: 'anonymous' },
      module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }] },
      plugins: [new MiniCssExtractPlugin({ chunkFilename: '[name].[contenthash:10].css' }), new ChunkIntegrityPlugin()],
      infrastructureLogging: { level: 'error' },
    });

    const runtime = fs.readFileSync(path.join(out, 'main.js'), 'utf8');
    const files = fs.readdirSync(out);
    const lazyJs = files.find((file) => file !== 'main.js' && file.endsWith('.js'))!;
    const lazyCss = files.find((file) => file.endsWith('.css'))!;
    expect(lazyJs).toBeTruthy();
    expect(lazyCss).toBeTruthy();
    // The values are those of the final files (minified, real content hashes), which is what a browser checks.
    expect(runtime).toContain(sri(path.join(out, lazyJs)));
    expect(runtime).toContain(sri(path.join(out, lazyCss)));
    expect(runtime).not.toContain('#site-sri:');
    // Both the script loader and the stylesheet loader set integrity and crossorigin.
    expect(runtime.match(/\.integrity=/g)?.length).toBeGreaterThanOrEqual(2);
    expect(runtime).toContain('crossOrigin="anonymous"');
  }, 30_000);
});
