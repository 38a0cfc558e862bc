// @ts-check
'use strict';
// A small closed-loop load generator on keep-alive sockets (lighter than fetch, so the shell under test gets the
// CPU, not the client): N clients each send the next request when the previous answer has been read.
const http = require('node:http');

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * @typedef {{ status: number, ms: number, ttfbMs: number, bytes: number, path: string }} Sample
 * @typedef {{ samples: Sample[], errors: number, seconds: number }} LoadResult
 */

/**
 * One request; resolves with its status and timings, or status 0 when the connection failed or the time ran out.
 * @param {http.Agent} agent @param {string} base @param {string} path @param {Record<string, string>} headers @param {number} timeoutMs
 * @returns {Promise<Sample>}
 */
function request(agent, base, path, headers, timeoutMs) {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve) => {
    let ttfbMs = 0;
    let bytes = 0;
    const req = http.get(url, { agent, headers, timeout: timeoutMs }, (res) => {
      ttfbMs = performance.now() - started;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, ttfbMs, bytes, path }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started, ttfbMs, bytes, path }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, ttfbMs: ttfbMs || performance.now() - started, bytes, path }));
  });
}

/**
 * Runs `clients` closed loops for `seconds` (or until `stopWhen` says so), each taking its next path from `nextPath`.
 * @param {{ base: string, clients: number, seconds: number, nextPath: (client: number, n: number) => string, headers?: Record<string, string>, timeoutMs?: number, onSample?: (sample: Sample) => void, stopWhen?: () => boolean, headersFor?: (client: number, n: number) => Record<string, string> }} options
 * @returns {Promise<LoadResult>}
 */
async function runLoad(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const deadline = Date.now() + options.seconds * 1000;
  /** @type {Sample[]} */
  const samples = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async (_unused, client) => {
      for (let n = 0; Date.now() < deadline && !options.stopWhen?.(); n += 1) {
        const headers = { ...options.headers, ...options.headersFor?.(client, n) };
        const sample = await request(agent, options.base, options.nextPath(client, n), headers, options.timeoutMs ?? 10_000);
        samples.push(sample);
        if (sample.status === 0) errors += 1;
        options.onSample?.(sample);
      }
    }),
  );
  agent.destroy();
  return { samples, errors, seconds: options.seconds };
}

module.exports = { runLoad, request, percentile };
