import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestServer } from '../helpers/server.ts';

/** One statement a client of the server sent, with the first frames of src/ that sent it (for the failure message). */
type Sent = { sql: string; origin: string };

type Query = (...args: unknown[]) => unknown;
type PgClient = { query: Query };
type PgPool = { Client: { prototype: PgClient }; _clients?: PgClient[] };

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
/** The plumbing every statement passes through, not where it comes from. */
const PLUMBING = /src\/db\/(?:sql|database)\.ts:/;

/** Where in src/ a statement comes from: the nearest three frames of the service's own code. */
function origin(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack
    .split('\n')
    .filter((line) => line.includes(SRC))
    .map((line) => line.trim().replace(/^at /, '').replace(SRC, 'src/'))
    .filter((frame) => !PLUMBING.test(frame))
    .slice(0, 3)
    .join(' < ');
}

function textOf(args: unknown[]): string | undefined {
  const first = args[0] as string | { text?: unknown } | undefined;
  if (typeof first === 'string') return first;
  return typeof first?.text === 'string' ? first.text : undefined;
}

/**
 * Records every SQL statement the server's clients send, ORM and pg-boss alike, until `restore()`:
 * the serving ORM's pool runs on the copy of pg that @mikro-orm/postgresql brings (its pool's
 * Client), pg-boss and the outbound pump's listener on the top-level `pg`. A client connected before
 * the hook (server start, sign-ups) has its query bound already (db/database.ts counts statements
 * that way), so those are wrapped one by one; later ones go through the patched prototypes.
 */
export async function captureStatements(server: TestServer): Promise<{ sent: Sent[]; restore: () => void }> {
  const sent: Sent[] = [];
  const wrap = (send: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      const sql = textOf(args);
      if (sql !== undefined) sent.push({ sql, origin: origin() });
      return send.apply(this, args);
    };
  const connection = server.db.orm.em.getDriver().getConnection() as unknown as { getNativeClient(): Promise<PgPool> };
  const pool = await connection.getNativeClient();
  const undo: (() => void)[] = [];
  const patch = (target: PgClient) => {
    const own = Object.prototype.hasOwnProperty.call(target, 'query');
    const before = target.query;
    target.query = wrap(before);
    undo.push(() => {
      if (own) target.query = before;
      else delete (target as Partial<PgClient>).query;
    });
  };
  for (const proto of new Set([pool.Client.prototype, pg.Client.prototype])) patch(proto);
  for (const client of pool._clients ?? []) patch(client);
  return { sent, restore: () => undo.reverse().forEach((u) => u()) };
}
