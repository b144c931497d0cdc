import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FitAction } from './actions.ts';

export type ToThread = { type: 'file'; name: string; bytes: Uint8Array } | { type: 'more' };
export type FromThread =
  { type: 'decoded'; fit: boolean; messages: number; error: string | null } | { type: 'actions'; actions: FitAction[]; done: boolean };

/** A file decoded: whether it is FIT at all, how many messages were read, why decoding stopped early, and its actions a batch at a time. */
export type DecodedFile = { fit: boolean; messages: number; error: string | null; actions(): AsyncGenerator<FitAction[]> };

/** Why the thread could not read a file: it ran out of its memory, or of time. */
export class ThreadFailed extends Error {}

const WORKER_URL = new URL(`./fit-worker${extname(import.meta.filename)}`, import.meta.url);
/** The SDK holds a whole file's messages, a few hundred bytes each; a 16 MiB file takes about 160 MB. The thread's heap grows toward its cap before it collects, so the cap is what an import may add to the server's memory. */
const MEMORY_MB = 192;
/** Decoding 600,000 messages (decode.ts' cap) takes a few seconds. */
const ANSWER_MS = 60_000;

/**
 * Garmin's SDK decodes a whole file at once, synchronously: done on the import's thread it would
 * hold every request for as long as a large file takes, and its memory would be the server's. So
 * the files of an import are decoded in a thread of their own with a memory cap; a file that
 * exhausts it (or the time) ends the thread, is reported, and the next file gets a new one.
 */
export class FitThread {
  private worker: Worker | null = null;

  async decode(name: string, bytes: Uint8Array): Promise<DecodedFile> {
    const header = await this.ask({ type: 'file', name, bytes });
    if (header.type !== 'decoded') throw new ThreadFailed('the decoder answered out of turn');
    const more = async function* (thread: FitThread): AsyncGenerator<FitAction[]> {
      for (;;) {
        const batch = await thread.ask({ type: 'more' });
        if (batch.type !== 'actions') throw new ThreadFailed('the decoder answered out of turn');
        yield batch.actions;
        if (batch.done) return;
      }
    };
    return { fit: header.fit, messages: header.messages, error: header.error, actions: () => more(this) };
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = null;
  }

  private ask(message: ToThread): Promise<FromThread> {
    const worker = (this.worker ??= new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } }));
    return new Promise<FromThread>((resolve, reject) => {
      const settle = (outcome: () => void, failed: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (failed) this.close();
        outcome();
      };
      const onMessage = (m: FromThread) => settle(() => resolve(m), false);
      const onError = (err: Error) =>
        settle(
          () => reject(new ThreadFailed(/memory/i.test(err.message) ? `it needs more than ${MEMORY_MB} MB to decode` : err.message)),
          true,
        );
      const onExit = (code: number) => settle(() => reject(new ThreadFailed(`the decoder stopped (${code})`)), true);
      const timer = setTimeout(
        () => settle(() => reject(new ThreadFailed(`it takes longer than ${ANSWER_MS / 1000} s to decode`)), true),
        ANSWER_MS,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(message);
    });
  }
}
