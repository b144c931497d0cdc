import type { runDueReminders } from '../../src/domain/reminders/scheduler.ts';
import { waitFor } from '../captures/wait.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * Two instances of the service on one PostgreSQL database, each with its own pool and its own
 * outbound pump, as a deployment with several replicas of the app runs: every due time goes out
 * once, whichever instance gets there, whether both run the same rounds at once or their pumps
 * find a due reminder on their own. PostgreSQL only: the embedded database has one process.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('reminders across two instances', () => {
  let a: TestServer;
  let b: TestServer;
  let user: TestUser;
  let receiver: Receiver;
  let webhook: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.databaseUrl });
    user = await signUp(a);
    const res = await a
      .api()
      .post(`/users/${user.id}/webhooks`)
      .set(user.auth)
      .send({ url: receiver.url('/both'), events: ['goal.met'] });
    expect(res.status).toBe(201);
    webhook = res.body.id;
  }, 60_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await receiver?.stop();
  });

  const round = (s: TestServer, at: number) =>
    s.call<typeof runDueReminders>('domain/reminders/scheduler.ts', 'runDueReminders', new Date(at));
  const create = async (body: object) => {
    const res = await a
      .api()
      .post(`/users/${user.id}/reminders`)
      .set(user.auth)
      .send({ channel: 'webhook', webhook_id: webhook, timezone: 'UTC', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const firings = async (id: string) =>
    (await b.api().get(`/users/${user.id}/reminders/${id}/history`).set(user.auth)).body as { due_at: string; status: string }[];

  test('both instances running the same rounds at once send each due time once', async () => {
    const made = await create({ label: 'Twice a day', times: ['08:00', '20:00'], starts_on: '2027-10-01' });
    // Every 10 minutes of two days, each round run by both instances at the same moment.
    for (let t = Date.parse('2027-10-01T00:00:00Z'); t <= Date.parse('2027-10-02T23:50:00Z'); t += 10 * 60_000) {
      await Promise.all([round(a, t), round(b, t), round(a, t)]);
    }
    const fired = (await firings(made.id)).reverse();
    expect(fired.map((f) => [f.due_at, f.status])).toEqual([
      ['2027-10-01T08:00:00.000Z', 'sent'],
      ['2027-10-01T20:00:00.000Z', 'sent'],
      ['2027-10-02T08:00:00.000Z', 'sent'],
      ['2027-10-02T20:00:00.000Z', 'sent'],
    ]);
    await receiver.waitFor(4, '/both');
    await new Promise((r) => setTimeout(r, 1000));
    const sent = receiver.received
      .filter((r) => r.path === '/both')
      .map((r) => JSON.parse(r.body) as { data: { id: string; due_at: string } });
    expect(
      sent
        .filter((s) => s.data.id === made.id)
        .map((s) => s.data.due_at)
        .sort(),
    ).toEqual(fired.map((f) => f.due_at));
  });

  test("both instances' own pumps find a due reminder: it goes out once", async () => {
    const made = await create({ label: 'Now', times: ['12:00'], starts_on: '2027-11-01' });
    const before = receiver.received.length;
    // Its due time arrives now, on the real clock both pumps run on.
    await a.sql(`update reminders set next_due_at = now() where id = $1`, [made.id]);
    await waitFor(async () => ((await firings(made.id)).length ? true : undefined), 'a firing');
    await receiver.waitFor(before + 1);
    // Several rounds of both pumps later, still one.
    await new Promise((r) => setTimeout(r, 1500));
    const mine = receiver.received.slice(before).filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === made.id);
    expect(mine).toHaveLength(1);
    expect(await firings(made.id)).toHaveLength(1);
  });
});
