'use strict';
/**
 * Runtime plugin for Node containers: every file a container fetches over HTTP (its chunks, manifests) gets a
 * time limit, and a non-2xx answer is an error instead of a body evaluated as JavaScript.
 * Module Federation's Node loader has neither: a hung remote would hold the page render, and an HTML error page
 * would be run as code.
 */
const CHUNK_FETCH_TIMEOUT_MS = Number(process.env.REMOTE_CHUNK_TIMEOUT_MS || 4000);

module.exports = function serverFetchGuard() {
  return {
    name: 'site-server-fetch-guard',
    async fetch(url, init) {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CHUNK_FETCH_TIMEOUT_MS) });
      if (!response.ok) {
        throw new Error(`Federated file ${url} answered ${response.status} ${response.statusText}`);
      }
      return response;
    },
  };
};
module.exports.default = module.exports;
