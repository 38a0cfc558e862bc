#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run bench:dev-loop -w @site/orchestrator`: a team's dev loop against the platform as `npm start` runs it. The
// dev loop of a scratch copy of a remote (`npm run dev`'s own code), then saves one after the other, alternating an
// edit of a section's code and one of its messages, each timed from the save until the page's server HTML carries
// it. Prints every save, the median and the worst against the goal (on the page within 2 s of saving).
// Options: --saves <n> (10), --verbose (the loop's own lines).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { startRemoteDev } = require('../../build-preset/src/dev');
const { withBenchPlatform, runBench } = require('./bench-platform');
const { median } = require('./lighthouse-bench');

const GOAL_MS = 2000;
/** The remote whose loop runs, and the page that shows the section and the message the saves change. */
const TEAM = 'education';
const PAGE = '/en/people';
const repoRoot = path.resolve(__dirname, '../../..');

/** A scratch copy of the remote's sources (times kept), resolving packages from the repository. @param {string} team */
function scratchCopy(team) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dev-loop-bench-${team}-`));
  for (const entry of ['src', 'package.json', 'remote.config.js']) {
    fs.cpSync(path.join(repoRoot, 'remotes', team, entry), path.join(dir, entry), { recursive: true, preserveTimestamps: true });
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The edits a developer makes: a message's text (`people.title` in the English messages, shown on `PAGE`) and a
 * section's code (an attribute on PeopleDirectory's region element). Each answers the text the page must then carry.
 * @param {string} dir @param {number} round
 */
function edit(dir, round) {
  const messages = path.join(dir, 'src/messages/en.json');
  const text = fs.readFileSync(messages, 'utf8');
  const marker = `People ${round}-${Date.now()}`;
  if (round % 2 === 0) {
    fs.writeFileSync(messages, text.replace(/"people\.title": "[^"]*"/, `"people.title": ${JSON.stringify(marker)}`));
    return { kind: 'message', expect: marker };
  }
  const section = path.join(dir, 'src/sections/PeopleDirectory/index.tsx');
  const code = fs.readFileSync(section, 'utf8');
  const changed = code.replace(/<div (data-bench-save="[^"]*" )?role="region"/, `<div data-bench-save="${marker}" role="region"`);
  if (changed === code) throw new Error(`${section}: no region element to mark`);
  fs.writeFileSync(section, changed);
  return { kind: 'code', expect: `data-bench-save="${marker}"` };
}

runBench(async () => {
  // Not strict: `npm run bench` hands every script the options of all (--soak, --rebuild).
  const { values } = parseArgs({ options: { saves: { type: 'string', default: '10' }, verbose: { type: 'boolean', default: false } }, strict: false });
  const saves = Number(values.saves);
  if (!Number.isInteger(saves) || saves < 1) throw new Error(`--saves takes a whole number of saves from 1, not ${values.saves}`);
  const verbose = values.verbose === true;
  await withBenchPlatform('dev-loop-bench', async (site, platform) => {
    const dir = scratchCopy(TEAM);
    /** @type {string[]} */
    const lines = [];
    const started = Date.now();
    const loop = await startRemoteDev({
      team: TEAM,
      rootDir: dir,
      registerDir: path.join(platform.dataDir, 'dev-remotes'),
      siteUrl: site,
      log: (line) => lines.push(line),
    });
    try {
      // A developer starts editing once the loop says the site serves the working copy.
      while (!lines.some((line) => / served by .* after the start/.test(line))) {
        if (Date.now() - started > 120_000) throw new Error(`the first development build was not served after 120 s:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      console.log(`dev loop of ${TEAM}: first build served after ${Date.now() - started} ms`);
      /** @type {Record<string, number[]>} */
      const byKind = { message: [], code: [] };
      for (let round = 0; round < saves; round += 1) {
        const saved = Date.now();
        const change = edit(dir, round);
        for (;;) {
          const html = await (await fetch(`${site}${PAGE}`)).text();
          if (html.includes(change.expect)) break;
          if (Date.now() - saved > 60_000) throw new Error(`save ${round + 1} not on ${PAGE} after 60 s:\n${lines.join('\n')}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const took = Date.now() - saved;
        if (verbose) console.log(lines.splice(0).join('\n'));
        byKind[change.kind].push(took);
        console.log(`save ${String(round + 1).padStart(2)} (${change.kind.padEnd(7)}): on ${PAGE} ${took} ms after the save`);
        // A pause before the next save, as between a developer's edits (the page already carries this one).
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const all = [...byKind.message, ...byKind.code];
      const worst = Math.max(...all);
      for (const [kind, times] of Object.entries(byKind))
        if (times.length) console.log(`${kind} edits: median ${median(times)} ms, worst ${Math.max(...times)} ms (${times.length} saves)`);
      console.log(
        `all saves: median ${median(all)} ms, worst ${worst} ms; goal: on the page within ${GOAL_MS} ms of saving — ${worst <= GOAL_MS ? 'met' : 'MISSED'}`,
      );
    } finally {
      await loop.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
