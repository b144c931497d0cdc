import { readFileSync } from 'node:fs';
import type { HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** A fixture of the import pipeline's, as bytes. */
export const fixtureBytes = (path: string): Buffer => readFileSync(new URL(`../fixtures/imports/${path}`, import.meta.url));

/** Uploads a file as the raw body (query: format, filename, options). */
export const upload = (server: HttpServer, user: TestUser, body: Buffer | string, query: Record<string, string> = {}) =>
  server.api().post(`/users/${user.id}/imports`).query(query).set(user.auth).set('Content-Type', 'application/octet-stream').send(body);

/** Polls an import until it has ended; answers its last read. */
export async function finished(server: HttpServer, user: TestUser, id: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.api().get(`/users/${user.id}/imports/${id}`).set(user.auth);
    if (res.status !== 200) throw new Error(`GET import answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`The import is still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads and waits for the end. */
export async function imported(server: HttpServer, user: TestUser, body: Buffer | string, query: Record<string, string> = {}) {
  const res = await upload(server, user, body, query);
  if (res.status !== 202) throw new Error(`Upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return finished(server, user, res.body.id);
}

/**
 * Uploads and waits for the end; answers the import with its counts held to add up (read = created
 * + present + skipped) and `skipped` left with the reasons that occurred.
 */
export async function importedCounted(
  server: HttpServer,
  user: TestUser,
  body: Buffer | string,
  query: Record<string, string> = {},
): Promise<Record<string, any>> {
  const job = await imported(server, user, body, query);
  const { read, created, present, skipped } = job.counts as {
    read: number;
    created: number;
    present: number;
    skipped: Record<string, number>;
  };
  expect(created + present + Object.values(skipped).reduce((a, b) => a + b, 0)).toBe(read);
  return { ...job, counts: { ...job.counts, skipped: Object.fromEntries(Object.entries(skipped).filter(([, n]) => n > 0)) } };
}
