import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { expectError } from '../helpers/expect.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));

test('open registration allows 50 attempts per address an hour, then 429 with Retry-After', async () => {
  for (let i = 0; i < 50; i++) {
    // Invalid attempts count too: a script cannot probe forever with bad input.
    const body = i % 2 ? { email: `r${i}@example.com`, password: 'long enough' } : { email: 'bad' };
    expect((await server.api().post('/auth/register').send(body)).status).toBe(i % 2 ? 201 : 422);
  }
  const res = await server.api().post('/auth/register').send({ email: 'one-more@example.com', password: 'long enough' });
  expectError(res, 429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
});
