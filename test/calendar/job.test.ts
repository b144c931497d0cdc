import { enqueue } from '../../src/jobs/boss.ts';
import { eventsFeed, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The calendar.sync job: every 15 minutes, one sync per enabled calendar source with a feed URL. */
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let ics: IcsServer;
withOwnServer((f) => ({ server, owner, other } = f));
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 * 1024 });
  ics.serve(
    '/j.ics',
    eventsFeed([
      { uid: 'j1', day: 1 },
      { uid: 'j2', day: 2 },
    ]),
  );
});
afterAll(() => ics.stop());

type Rest = Record<string, any>;
const source = (u: TestUser, id: string) =>
  server
    .api()
    .get(`/users/${u.id}/event-sources/${id}`)
    .set(u.auth)
    .then((r) => r.body as Rest);
const add = (u: TestUser, body: object) =>
  server
    .api()
    .post(`/users/${u.id}/event-sources`)
    .set(u.auth)
    .send(body)
    .then((r) => r.body as Rest);

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('calendar.sync is scheduled every 15 minutes', async () => {
  const schedules = await server.jobs.boss.getSchedules();
  expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'calendar.sync', cron: '*/15 * * * *' })]));
});

test("a run syncs every user's enabled calendar sources that have a url, and leaves the others", async () => {
  const mine = await add(owner, { config: { url: `${ics.url}/j.ics` } });
  const theirs = await add(other, { config: { url: `${ics.url}/j.ics` } });
  const off = await add(owner, { enabled: false, config: { url: `${ics.url}/j.ics` } });
  const seen = ics.requests.length;
  expect(await enqueue('calendar.sync', {})).toBe(true);
  const synced = await until(
    () => Promise.all([source(owner, mine.id), source(other, theirs.id)]),
    (s) => s.every((x) => x.last_sync_status),
  );
  for (const s of synced) expect(s).toMatchObject({ last_sync_status: 'ok', last_sync_event_count: 2 });
  expect((await server.api().get(`/users/${other.id}/calendar/events`).set(other.auth)).body.map((e: Rest) => e.external_id)).toEqual([
    'j1',
    'j2',
  ]);
  expect(await source(owner, off.id)).toMatchObject({ last_synced_at: null, last_sync_status: null });
  expect(ics.requests.length - seen).toBe(2);
});

test('a queued sync of a source disabled since it was queued does not run; an explicit sync of a disabled source does', async () => {
  const later = await add(owner, { enabled: false, config: { url: `${ics.url}/j.ics` } });
  const seen = ics.requests.length;
  // As the periodic job queues it when the source was still enabled.
  expect(await enqueue('calendar.sync-source', { userId: owner.id, sourceId: later.id })).toBe(true);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await source(owner, later.id)).toMatchObject({ last_synced_at: null, last_sync_status: null });
  expect(ics.requests.length - seen).toBe(0);
  const now = await server.api().post(`/users/${owner.id}/event-sources/${later.id}/sync`).set(owner.auth);
  expect(now.body).toMatchObject({ last_sync_status: 'ok' });
});
