// @ts-check
'use strict';
// The scripts of a page view and the bytes each took over the network, from the DevTools protocol's Network events:
// read by the phone bench's repeat-visit figures and asserted by the end-to-end repeat-visit test.

/**
 * A DevTools session of any client (Playwright's, Puppeteer's) with its Network domain enabled.
 * @typedef {{ on(event: 'Network.requestWillBeSent', listener: (event: { requestId: string, type?: string, request: { url: string } }) => void): unknown, on(event: 'Network.loadingFinished', listener: (event: { requestId: string, encodedDataLength: number }) => void): unknown }} NetworkSession
 */

/**
 * The scripts of one page view by URL, with their network bytes (requests of one URL summed; 0 when a browser cache,
 * memory or disk, answered).
 * @param {NetworkSession} session
 */
function scriptTraffic(session) {
  /** @type {Map<string, { url: string, bytes: number }>} */
  let scripts = new Map();
  session.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.request.url, bytes: 0 });
  });
  session.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.bytes = event.encodedDataLength;
  });
  return {
    /** The page view's scripts so far, then a new count starts. */
    take() {
      /** @type {Map<string, number>} */
      const bytes = new Map();
      for (const script of scripts.values()) bytes.set(script.url, (bytes.get(script.url) ?? 0) + script.bytes);
      scripts = new Map();
      return bytes;
    },
  };
}

module.exports = { scriptTraffic };
