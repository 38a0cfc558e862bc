import fs from 'node:fs';

/**
 * The id of the process listening on a loopback TCP port, found the way `ss -p` does: the listening socket's
 * inode in /proc/net/tcp, then the process holding it. Several platforms run on this machine at once, so a
 * process is found by the port this run gave it, never by its name.
 */
export function pidListeningOn(port: number): number {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A is LISTEN.
      if (!local || fields[3] !== '0A' || parseInt(local.split(':')[1] ?? '', 16) !== port) continue;
      inodes.add(fields[9]!);
    }
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let descriptors: string[];
    try {
      descriptors = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        const target = fs.readlinkSync(`/proc/${entry}/fd/${descriptor}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  throw new Error(`no process of this user listens on port ${port}`);
}

/** Freezes a process (it keeps its port open but answers nothing: a hung backend) until `resume` is called. */
export function freeze(pid: number): { resume(): void } {
  process.kill(pid, 'SIGSTOP');
  let resumed = false;
  return {
    resume() {
      if (resumed) return;
      resumed = true;
      process.kill(pid, 'SIGCONT');
    },
  };
}

export function contentApiPort(): number {
  return Number(new URL(process.env.API_URL!).port);
}
