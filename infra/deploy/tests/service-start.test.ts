import net from 'node:net';
import path from 'node:path';
import { Service } from '../../orchestrator/src/services.js';

// A replica that cannot start says why in the error itself: a drill removes its log folder when it ends, so the error
// is all a CI run keeps of it.
const ROOT = path.resolve(__dirname, '../../..');

test('a replica that exits during start-up is reported with what it printed', async () => {
  // Its port is taken: the remote host cannot listen. (The holder hangs up on the health checks.)
  const holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as net.AddressInfo;
  const lines: string[] = [];
  const service = new Service(
    {
      name: 'remote-host-1',
      command: process.execPath,
      args: [path.join(ROOT, 'infra/registry/bin/site-remotes.js'), 'serve-static'],
      cwd: ROOT,
      env: { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(ROOT, 'test-results', 'service-start') },
      healthUrl: `http://127.0.0.1:${port}/ready`,
    },
    { log: (line) => lines.push(line) },
  );
  try {
    await expect(service.start(30_000)).rejects.toThrow(/^remote-host-1 exited during start-up \(code 1\); it printed:\n.*EADDRINUSE/s);
  } finally {
    await service.stop();
    await new Promise((resolve) => holder.close(resolve));
  }
  // Its output went to the log as well.
  expect(lines.some((line) => line.startsWith('[remote-host-1]') && line.includes('EADDRINUSE'))).toBe(true);
}, 60_000);
