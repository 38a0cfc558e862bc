import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The orchestrator's template filling and nginx.conf, as the fleet drill uses them.
import { renderTemplate, writeNginxConf } from '../../orchestrator/src/fleet-nginx.js';
import { repoRoot } from './platform-control';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const TEMPLATE = path.join(repoRoot, 'infra/deploy/nginx/templates/site.conf.template');

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Debian's nginx with the shipped site template in front of the given shell, in a throw-away prefix folder. */
export async function startNginx(shellHostPort: string, remotesHostPort: string, port: number): Promise<RunningNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'site-nginx-'));
  for (const dir of ['cache', 'temp', 'logs']) fs.mkdirSync(path.join(prefix, dir), { mode: 0o777 });
  fs.chmodSync(prefix, 0o755);
  const site = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
    SHELL_UPSTREAM: shellHostPort,
    REMOTES_UPSTREAM: remotesHostPort,
    LISTEN_PORT: `127.0.0.1:${port}`,
    PAGE_CACHE_PATH: path.join(prefix, 'cache'),
  });
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  writeNginxConf(prefix, { includes: ['site.conf'], workerConnections: 256 });
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(path.join(prefix, 'logs/error.log'), 'utf8')}`);
    try {
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not start listening');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
