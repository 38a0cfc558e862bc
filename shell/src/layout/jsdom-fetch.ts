import './jsdom-text-encoder';
import { Headers, Request, Response } from 'undici';

/**
 * A data router builds a fetch Request for every navigation and jsdom has none: tests that render one import this
 * first (Node's own fetch classes, from undici, which needs the text codecs and streams before it loads).
 */
Object.assign(globalThis, { Headers, Request, Response });
