import { TextDecoder, TextEncoder } from 'node:util';

/** react-router reads TextEncoder when it loads and jsdom has none: tests that render the router import this first. */
Object.assign(globalThis, { TextEncoder, TextDecoder });
