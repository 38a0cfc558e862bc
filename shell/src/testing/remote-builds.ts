import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { remoteBuildManifest } from '@site/test-support/remote-builds';

/**
 * A real remote build folder served over HTTP: a manifest in the shape the build preset writes, a Node container
 * implementing the federation container protocol, and one stylesheet per section.
 */
export function remoteBuild(dir: string, team: string, version: string, sections: string[]): string {
  const dist = path.join(dir, `${team}-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  const modules = sections.map(
    (name) =>
      `${JSON.stringify(`./${name}`)}: { default: function ${name}() { return null; }, meta: { name: ${JSON.stringify(name)} }, version: ${JSON.stringify(version)} }`,
  );
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    `var modules = { ${modules.join(', ')} };\nmodule.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };\n`,
  );
  for (const name of sections) fs.writeFileSync(path.join(dist, `${name}.css`), `.${name}{background:url(img/${name}.png)}`);
  const manifest = remoteBuildManifest({ team, version, sections: sections.map((name) => ({ name, css: [`${name}.css`] })) });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

/**
 * Ends what an app's close() would wait on: its connections, idle or not yet used. close() itself ends only the
 * idle keep-alive connections it finds at that moment. Call it right after close().
 */
export function endConnections(app: FastifyInstance): void {
  app.server.closeAllConnections();
}

/** Starts an app on a free loopback port and gives its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
