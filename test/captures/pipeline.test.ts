import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { waitFor } from './wait.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));
let alice: TestUser;

beforeAll(async () => {
  alice = await signUp(server, { timezone: 'Europe/Berlin' });
});

const parsed = (u: TestUser, id: string) =>
  waitFor(async () => {
    const res = await server.api().get(`/users/${u.id}/log-captures/${id}`).set(u.auth);
    return res.body.status === 'parsed' || res.body.status === 'failed' ? res.body : undefined;
  }, `capture ${id} parsed`);

test('submit -> job -> inbox -> accept -> event with source suggestion', async () => {
  const cat = await server.api().post(`/users/${alice.id}/categories`).set(alice.auth).send({ name: 'Running' });
  const sub = await server
    .api()
    .post(`/users/${alice.id}/log-captures`)
    .set(alice.auth)
    .send({ text: 'ran 5k this morning in 27 min', captured_at: '2026-03-10T15:30:00Z' });
  expect(sub.status).toBe(201);
  expect(sub.body.status).toBe('queued');
  const capture = await parsed(alice, sub.body.id);
  expect(capture.status).toBe('parsed');
  expect(capture.suggestions).toHaveLength(1);

  const inbox = await server.api().get(`/users/${alice.id}/suggestions`).set(alice.auth);
  expect(inbox.status).toBe(200);
  expect(inbox.body.pending_count).toBe(1);
  const s = inbox.body.suggestions[0];
  expect(s.kind).toBe('event');
  expect(s.payload).toMatchObject({
    category_id: cat.body.id,
    duration: 'PT27M',
    scalar_value: 5,
    occurred_at: '2026-03-10T07:00:00.000Z',
  });

  const acc = await server.api().post(`/users/${alice.id}/suggestions/${s.id}/accept`).set(alice.auth);
  expect(acc.status).toBe(200);
  expect(acc.body.status).toBe('accepted');
  const ev = await server.api().get(`/users/${alice.id}/events/${acc.body.resulting_event_id}`).set(alice.auth);
  expect(ev.status).toBe(200);
  expect(ev.body).toMatchObject({ source: 'suggestion', category_id: cat.body.id, duration: 'PT27M', scalar_value: 5 });
});
