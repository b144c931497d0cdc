import { parentPort } from 'node:worker_threads';
import type { FitAction } from './actions.ts';
import { decodeFit, isFitBytes } from './decode.ts';
import type { FromThread, ToThread } from './fit-thread.ts';
import { FitMapper } from './mapping.ts';

/** How many actions one answer carries: the import writes them before it asks for more. */
const BATCH = 2_000;

/**
 * The decoding thread of one import (fit-thread.ts): a file's bytes in, its readings and skips out
 * a batch at a time. The mapper lives as long as the thread: step totals carry over between files.
 */
const mapper = new FitMapper();
let pending: FitAction[] = [];

const answer = (m: FromThread) => parentPort!.postMessage(m);

function decoded(bytes: Uint8Array, name: string): FromThread {
  if (!isFitBytes(bytes)) return { type: 'decoded', fit: false, messages: 0, error: null };
  try {
    const { messages, error } = decodeFit(bytes);
    pending = mapper.map(messages, name);
    return { type: 'decoded', fit: true, messages: messages.length, error };
  } catch (err) {
    // Whatever the file holds, the import hears why rather than losing the thread.
    return { type: 'decoded', fit: true, messages: 0, error: (err as Error).message };
  }
}

parentPort!.on('message', (m: ToThread) => {
  if (m.type === 'more') {
    const actions = pending.splice(0, BATCH);
    return answer({ type: 'actions', actions, done: pending.length === 0 });
  }
  pending = [];
  answer(decoded(m.bytes, m.name));
});
