import { waitParsed } from '../captures/flow.ts';
import { killAll, processDatabase, spawnServer, type ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { bearer, connect, EVENTS, INBOX, settled, subscribe, type EventItem, type InboxItem, type Live } from './live.ts';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: A runs the workers
 * (it publishes), B runs none (WORKERS=0) and polls only once a minute, so what reaches B's
 * subscribers was read by B's hub from the database, woken by A's publication (LISTEN
 * lifetrack_published). The embedded database is served by one process only: skipped there.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('subscriptions across two instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof processDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let u: TestUser;
  let l: Live | undefined;

  beforeAll(async () => {
    db = await processDatabase('migrated');
    [a, b] = await Promise.all([
      spawnServer({ ...db.env, WORKERS: '1', OUTBOUND_POLL_MS: '250' }),
      spawnServer({ ...db.env, WORKERS: '0', OUTBOUND_POLL_MS: '60000' }),
    ]);
    u = await signUp(a);
  }, 180_000);
  afterAll(async () => {
    try {
      await l?.dispose();
      if (a) expect(await a.stop()).toBe(0);
      if (b) expect(await b.stop()).toBe(0);
    } finally {
      await killAll();
      await db?.drop();
    }
  }, 60_000);

  test('a subscription on B (no workers) receives what is written through A, as A reads it', async () => {
    l = connect(b.url, bearer(u.token));
    const created = subscribe<EventItem>(l, EVENTS, { types: ['event_created'] });
    const parsed = subscribe<EventItem>(l, EVENTS, { types: ['log_capture_parsed'] });
    const inbox = subscribe<InboxItem>(l, INBOX);
    expect((await inbox.next()).inboxChanged.pendingCount).toBe(0);
    await settled(l);

    const event = await a.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'through A' });
    expect(event.status).toBe(201);
    const { events } = await created.next((i) => i.events.payload.id === event.body.id, 10_000);
    const read = await a.api().get(`/users/${u.id}/events/${event.body.id}`).set(u.auth);
    expect(events.payload).toEqual(read.body);

    const posted = await a.api().post(`/users/${u.id}/log-captures`).set(u.auth).send({ text: 'slept 7h20\n2 coffees' });
    expect(posted.status).toBe(201);
    const capture = await waitParsed(a, u, posted.body.id);
    expect((await parsed.next(undefined, 10_000)).events.payload).toEqual(capture);
    await inbox.next((i) => i.inboxChanged.pendingCount > 0, 10_000);
  });

  test('B stopped (SIGTERM) with subscriptions open: its clients are told 1001 Going away and it exits 0 at once', async () => {
    const started = Date.now();
    expect(await b.stop()).toBe(0);
    expect((await l!.closed).code).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
