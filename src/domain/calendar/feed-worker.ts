import { parentPort, workerData } from 'node:worker_threads';
import { readFeed, type FeedOptions } from './ics.ts';

/** One feed read in its own thread (feed-reader.ts): the text and options in, the Feed or the reason out. */
const { text, options } = workerData as { text: string; options: FeedOptions };
try {
  parentPort!.postMessage({ feed: readFeed(text, options) });
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message });
}
