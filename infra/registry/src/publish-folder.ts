import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Flushes a file or folder to the disk, so that a rename never makes visible what a crash could still lose. */
function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeDurably(file: string, body: Buffer): void {
  const fd = fs.openSync(file, 'wx', 0o644);
  try {
    fs.writeSync(fd, body, 0, body.length, 0);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Makes `target` hold exactly `files` (relative paths with `/`), atomically for readers on any host that mounts the
 * same volume: the files are written and flushed into a hidden staging folder beside the target (same volume, so
 * the rename is atomic; hidden, so the static host never serves it), then renamed into place. A reader sees no
 * folder or the whole folder, never part of it. A folder already at `target` (left by a publish whose database
 * write failed) is moved aside first and removed after.
 */
export function publishFolderAtomically(target: string, files: Map<string, Buffer>): void {
  const parent = path.dirname(target);
  const suffix = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const staging = path.join(parent, `.staging-${path.basename(target)}-${suffix}`);
  fs.mkdirSync(parent, { recursive: true });
  try {
    const folders = new Set<string>([staging]);
    for (const [name, body] of files) {
      const file = path.join(staging, ...name.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      for (let folder = path.dirname(file); folder.startsWith(staging); folder = path.dirname(folder)) folders.add(folder);
      writeDurably(file, body);
    }
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) fsyncPath(folder);
    let aside: string | null = null;
    if (fs.existsSync(target)) {
      aside = path.join(parent, `.replaced-${path.basename(target)}-${suffix}`);
      fs.renameSync(target, aside);
    }
    fs.renameSync(staging, target);
    fsyncPath(parent);
    if (aside) fs.rmSync(aside, { recursive: true, force: true });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
