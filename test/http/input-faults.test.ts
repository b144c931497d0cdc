import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';

/** Input PostgreSQL or a serializer would choke on is a 4xx with a clear answer, never a 500. */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

const events = () => `/users/${owner.id}/events`;

/** A gzip upload. */
const postGzip = (path: string, body: Buffer, headers: Record<string, string> = {}) =>
  postBytes(path, body, { ...headers, 'Content-Encoding': 'gzip' });

/** A body sent as the bytes given (supertest would re-serialize a Buffer sent as JSON). */
function postBytes(path: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { detail?: unknown; notes?: string } }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers, 'Content-Length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const expectStatus = async (reply: Promise<{ status: number; body: { detail?: unknown } }>, status: number) => {
  const res = await reply;
  expect(res.status).toBe(status);
  expect(typeof res.body.detail).toBe('string');
};

test('a NUL character in any body string or key is a 422 at its loc, and nothing is stored', async () => {
  expect422(await server.api().post(events()).set(owner.auth).send({ notes: 'a\u0000b' }), ['body', 'notes']);
  expect422(
    await server
      .api()
      .post(events())
      .set(owner.auth)
      .send({ metadata: { deep: ['ok', 'x\u0000'] } }),
    ['body', 'metadata', 'deep', 1],
  );
  expect422(
    await server
      .api()
      .post(events())
      .set(owner.auth)
      .send({ metadata: { 'k\u0000': 1 } }),
    ['body', 'metadata', 'k\u0000'],
  );
  expect((await server.api().get(events()).set(owner.auth)).body).toHaveLength(0);
});

test('a NUL character in a query parameter is a 422 at its loc', async () => {
  expect422(await server.api().get(`${events()}?tag=a%00b`).set(owner.auth), ['query', 'tag']);
});

test('JSON nested deeper than 64 levels is a 400', async () => {
  // Written as text: the test client's own serializer recurses and could run out of stack first.
  const deep = `{"metadata":${'{"d":'.repeat(5000)}1${'}'.repeat(5000)}}`;
  expectError(await server.api().post(events()).set(owner.auth).set('Content-Type', 'application/json').send(deep), 400);
  let fine: unknown = 1;
  for (let i = 0; i < 40; i++) fine = [fine];
  expect((await server.api().post(events()).set(owner.auth).send({ metadata: { fine } })).status).toBe(201);
});

test('the body is judged by its value, however its text spells it: escapes, brackets and quotes inside strings, the depth limit at exactly 64, UTF-16', async () => {
  const post = (text: string) => server.api().post(events()).set(owner.auth).set('Content-Type', 'application/json').send(text);
  // An escaped backslash before u0000 is a backslash and five characters, not a NUL.
  const escaped = await post('{"notes":"a\\\\u0000b"}');
  expect(escaped.status).toBe(201);
  expect(escaped.body.notes).toBe('a\\u0000b');
  // Brackets, quotes and backslashes inside strings nest nothing.
  const noisy = `${'['.repeat(100)}\\"{${'{'.repeat(100)}\\\\`;
  const inStrings = await post(JSON.stringify({ notes: noisy, metadata: { [noisy]: noisy } }));
  expect(inStrings.status).toBe(201);
  expect(inStrings.body.notes).toBe(noisy);
  // A value 64 levels down is accepted, one 65 levels down is not (the body itself is level 0).
  const nested = (levels: number, before = '') => `{${before}"metadata":${'{"d":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}}`;
  expect((await post(nested(64))).status).toBe(201);
  expectError(await post(nested(65)), 400);
  // A string that ends in an escaped backslash ends there: what follows is counted.
  expectError(await post(nested(65, '"notes":"x\\\\",')), 400);
  expectError(await post(nested(65, '"notes":"\\"\\\\",')), 400);
  // A NUL escaped in a UTF-16 body is found as in UTF-8.
  const utf16 = (value: object) =>
    postBytes(events(), Buffer.from(JSON.stringify(value), 'utf16le'), {
      ...owner.auth,
      'Content-Type': 'application/json; charset=utf-16le',
    });
  expect((await utf16({ notes: 'sixteen' })).status).toBe(201);
  const nul = await utf16({ notes: 'a\u0000b' });
  expect(nul.status).toBe(422);
  expect(nul.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'notes'], type: 'string_nul' })]);
});

test('a year-0000 date or date-time is a 422, in bodies and in queries', async () => {
  expect422(await server.api().post(events()).set(owner.auth).send({ occurred_at: '0000-01-01T00:00:00Z' }), ['body', 'occurred_at']);
  expect422(await server.api().post(events()).set(owner.auth).send({ occurred_at: '1000-01-01T00:30:00+01:00' }), ['body', 'occurred_at']);
  expect422(await server.api().post(events()).set(owner.auth).send({ local_date: '0000-02-01' }), ['body', 'local_date']);
  expect422(await server.api().get(`${events()}?from=0000-01-01`).set(owner.auth), ['query', 'from']);
  const day = await server.api().get(`/users/${owner.id}/days/0000-01-01`).set(owner.auth);
  expect(day.status).toBe(422);
});

test('a body is not read before the token is checked: an unauthenticated gzip upload is a 401', async () => {
  const bomb = gzipSync(Buffer.from(`{"readings":[${'0,'.repeat(8_000_000)}0]}`));
  await expectStatus(postGzip(`/users/${owner.id}/health/metrics`, bomb), 401);
});

test('inflated bytes count against the body limit: a small gzip that expands past 16 MiB is a 413', async () => {
  const bomb = gzipSync(Buffer.from(`{"readings":[${'0,'.repeat(9_000_000)}0]}`));
  expect(bomb.length).toBeLessThan(200_000);
  await expectStatus(postGzip(`/users/${owner.id}/health/metrics`, bomb, owner.auth), 413);
});

test('a gzip body within the limit is accepted; a corrupt one is a 400', async () => {
  const res = await postGzip(events(), gzipSync(Buffer.from(JSON.stringify({ notes: 'compressed' }))), owner.auth);
  expect(res.status).toBe(201);
  expect(res.body.notes).toBe('compressed');
  await expectStatus(postGzip(events(), Buffer.from('not gzip at all'), owner.auth), 400);
});
