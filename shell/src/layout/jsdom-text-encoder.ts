import { TextDecoder, TextEncoder } from 'node:util';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { MessageChannel, MessagePort } from 'node:worker_threads';

/** react-router reads TextEncoder when it loads and jsdom has none: tests that render the router import this first. */
Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, WritableStream, TransformStream, MessageChannel, MessagePort });
