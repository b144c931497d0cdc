import { readFileSync } from 'node:fs';
import { killAll, processDatabase, spawnServer, type ServerProcess } from '../helpers/process.ts';

/** The JavaScript heap the bounded server may use: the old importers needed ten times this for the files that broke them. */
const HEAP_MB = 192;

/** A process's resident memory now, in MB (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * The real server in its own process, without workers, its heap capped at HEAP_MB, on a migrated
 * database of the file's own: for the files made to exhaust an importer. `assign` gets it once started.
 */
export function withBoundedServer(assign: (server: ServerProcess) => void): void {
  let db: Awaited<ReturnType<typeof processDatabase>>;
  beforeAll(async () => {
    db = await processDatabase('migrated');
    assign(await spawnServer({ ...db.env, WORKERS: '0' }, { heapMb: HEAP_MB }));
  }, 120_000);
  afterAll(async () => {
    await killAll();
    await db?.drop();
  });
}
