import { randomUUID } from 'node:crypto';
import type { HttpServer } from './server.ts';

export type TestUser = { id: string; email: string; password: string; token: string; auth: { Authorization: string } };

/** Registers through the public API and signs in, as a client would. */
export async function signUp(server: Pick<HttpServer, 'api'>, opts: { timezone?: string } = {}): Promise<TestUser> {
  const email = `u-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const reg = await server
    .api()
    .post('/auth/register')
    .send({ email, password, timezone: opts.timezone ?? 'UTC' });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await server.api().post('/auth/login').send({ email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.api_token as string;
  return { id: reg.body.id, email, password, token, auth: { Authorization: `Bearer ${token}` } };
}
