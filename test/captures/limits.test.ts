import { withServer, type HttpServer } from '../helpers/server.ts';
import { type TestUser } from '../helpers/users.ts';
import { captureParsed, waitParsed } from './flow.ts';

/**
 * Long and adversarial captures through HTTP: at most 20 suggestions, a note on the capture when
 * some were left out, and the server (whose event loop runs the parser) keeps answering while
 * they are parsed. No timings asserted; `npm run bench:parser` measures them.
 */
let server: HttpServer;
let alice: TestUser;
withServer((f) => ({ server, owner: alice } = f), { timezone: 'Europe/Berlin' });

const fill = (unit: string, length = 2000) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

test('"12;" × 666 is parsed into the first 20 suggestions, and the capture says the rest was not read', async () => {
  const text = '12;'.repeat(666);
  const done = await captureParsed(server, alice, text);
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(20);
  expect(done.failure_reason).toBe('Only the first 20 suggestions were made; the rest of the text was not read');
  // The first twenty "12"s, in text order.
  expect(done.suggestions.map((s: { provenance: { span: { start: number } } }) => s.provenance.span.start)).toEqual(
    Array.from({ length: 20 }, (_, i) => i * 3),
  );
  const inbox = await server.api().get(`/users/${alice.id}/suggestions?limit=100`).set(alice.auth);
  expect(inbox.status).toBe(200);
  expect(
    inbox.body.suggestions.filter((s: { provenance: { log_capture_id: string } }) => s.provenance.log_capture_id === done.id),
  ).toHaveLength(20);
});

test('a capture within the cap has no note', async () => {
  const done = await captureParsed(server, alice, Array.from({ length: 20 }, (_, i) => `weight ${60 + i} kg`).join('\n'));
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(20);
  expect(done.failure_reason).toBeNull();
});

test('adversarial captures are parsed while the server keeps answering other requests', async () => {
  // Each of these used to hold the event loop for seconds ("12;") to minutes ("couple days").
  const texts = ['12;'.repeat(666), fill('couple days '), fill('3 days  '), fill('1/2;'), fill('9pm '), fill('1'), `a${' '.repeat(1998)}b`];
  const ids: string[] = [];
  for (const text of texts) {
    const res = await server.api().post(`/users/${alice.id}/log-captures`).set(alice.auth).send({ text });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  // Other requests while the worker parses them: each one must be answered.
  const answered: number[] = [];
  const pending = ids.map((id) => waitParsed(server, alice, id));
  let parsing = true;
  const others = (async () => {
    while (parsing) {
      const [health, list] = await Promise.all([
        server.api().get('/healthz'),
        server.api().get(`/users/${alice.id}/log-captures?status=parsed`).set(alice.auth),
      ]);
      answered.push(health.status, list.status);
    }
  })();
  const done = await Promise.all(pending);
  parsing = false;
  await others;

  expect(answered.length).toBeGreaterThan(0);
  expect(answered.every((s) => s === 200)).toBe(true);
  for (const capture of done) {
    expect(capture.status).toBe('parsed');
    expect(capture.suggestions.length).toBeGreaterThan(0);
    expect(capture.suggestions.length).toBeLessThanOrEqual(20);
  }
});
