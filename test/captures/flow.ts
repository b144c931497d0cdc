import type { TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { waitFor } from './wait.ts';

/** Submits a capture and waits (bounded) until the worker has parsed it; returns the capture. */
export async function captureParsed(server: Pick<TestServer, 'api'>, u: TestUser, text: string, extra: Record<string, unknown> = {}) {
  const res = await server
    .api()
    .post(`/users/${u.id}/log-captures`)
    .set(u.auth)
    .send({ text, ...extra });
  if (res.status !== 201 && res.status !== 200) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return waitParsed(server, u, res.body.id);
}

export function waitParsed(server: Pick<TestServer, 'api'>, u: TestUser, id: string, timeoutMs?: number) {
  return waitFor(
    async () => {
      const res = await server.api().get(`/users/${u.id}/log-captures/${id}`).set(u.auth);
      return res.body.status === 'parsed' || res.body.status === 'failed' ? res.body : undefined;
    },
    `capture ${id} to be parsed`,
    timeoutMs,
  );
}
