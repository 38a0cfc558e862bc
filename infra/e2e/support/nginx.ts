import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './platform-control';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const TEMPLATE = path.join(repoRoot, 'infra/deploy/nginx/templates/site.conf.template');

/** Fills `${NAME}` placeholders as the nginx image's envsubst step does; an unknown name is an error, not a blank. */
function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template needs ${name}`);
    return value;
  });
}

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
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      user,
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${path.join(prefix, 'logs/access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(prefix, 'temp', kind)};`),
      '  default_type application/octet-stream;',
      '  include site.conf;',
      '}',
    ].join('\n'),
  );
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
