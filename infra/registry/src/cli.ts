import path from 'node:path';
import { deployBuild, registerExternal, retire, rollback, type RegistryPaths } from './operations';
import { RegistryStateFile } from './state';
import { createRegistryServer } from './registry-server';
import { createStaticHost } from './static-host';

const USAGE = `usage: site-remotes <command>
  deploy <distDir>...                 publish builds to the static host and point the registry at them
  rollback <remote> [--to <version>]  point the registry back at an earlier version
  register <remote> <version> <manifestUrl>   point the registry at a build hosted elsewhere
  retire <remote>                     remove a remote from the registry
  list                                print the live version of every remote
  serve-registry                      run the registry (PORT, REMOTES_PUBLIC_URL)
  serve-static                        run the static host for remote builds (PORT)
options come from the environment: DATA_DIR (default <repo>/.data)`;

export function registryPaths(env: NodeJS.ProcessEnv = process.env): RegistryPaths {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(__dirname, '../../../.data'));
  return { cdnDir: path.join(dataDir, 'cdn'), stateFile: path.join(dataDir, 'registry', 'registry.json') };
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const paths = registryPaths(env);
  const [command, ...args] = argv;
  switch (command) {
    case 'deploy': {
      if (args.length === 0) throw new Error(USAGE);
      for (const dist of args) {
        const { remote, version, state } = deployBuild(paths, path.resolve(dist));
        console.log(`deployed ${remote}@${version} (registry revision ${state.revision})`);
      }
      return;
    }
    case 'rollback': {
      const [remote, flag, version] = args;
      if (!remote || (flag !== undefined && flag !== '--to')) throw new Error(USAGE);
      const result = rollback(paths, remote, version);
      console.log(`${remote} rolled back to ${result.version} (registry revision ${result.state.revision})`);
      return;
    }
    case 'register': {
      const [remote, version, url] = args;
      if (!remote || !version || !url) throw new Error(USAGE);
      const state = registerExternal(paths, remote, version, url);
      console.log(`${remote}@${version} registered at ${url} (registry revision ${state.revision})`);
      return;
    }
    case 'retire': {
      const [remote] = args;
      if (!remote) throw new Error(USAGE);
      console.log(`${remote} retired (registry revision ${retire(paths, remote).revision})`);
      return;
    }
    case 'list': {
      const state = new RegistryStateFile(paths.stateFile).read();
      for (const [name, remote] of Object.entries(state.remotes)) {
        console.log(`${name}\t${remote.current}\t(${remote.history.length} deployed)`);
      }
      return;
    }
    case 'serve-registry': {
      const port = Number(env.PORT ?? 3003);
      const host = env.HOST ?? '127.0.0.1';
      const remotesPublicUrl = env.REMOTES_PUBLIC_URL ?? 'http://localhost:3001/remotes/';
      const app = createRegistryServer({ stateFile: paths.stateFile, remotesPublicUrl });
      await app.listen({ port, host });
      console.log(`registry listening on http://${host}:${port}/registry.json`);
      return;
    }
    case 'serve-static': {
      const port = Number(env.PORT ?? 3001);
      const host = env.HOST ?? '127.0.0.1';
      const app = createStaticHost({ cdnDir: paths.cdnDir });
      await app.listen({ port, host });
      console.log(`static host listening on http://${host}:${port}/remotes/`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}
