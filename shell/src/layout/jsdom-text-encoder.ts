import { TextDecoder, TextEncoder } from 'node:util';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { MessagePort } from 'node:worker_threads';

/**
 * react-router reads TextEncoder and the web streams when it loads and jsdom has none: tests that render the router
 * import this first. undici (the data router's Request in jsdom-fetch) checks values against MessagePort, so the
 * class is installed; MessageChannel is not: React's scheduler would post its work through Node's, whose open port
 * keeps jest's process alive after the last test.
 */
Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, WritableStream, TransformStream, MessagePort });
