import type { runDueReminders } from '../../src/domain/reminders/scheduler.ts';
import { captureParsed } from '../captures/flow.ts';
import { waitFor } from '../captures/wait.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { gqlData, readOnly } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import { startPushReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/**
 * Reminders as a user sets them and the scheduler sends them. The scheduler's rounds are run with
 * the round's clock set (`round(at)`: the pump's runDueReminders, in the server's process), so a
 * night across a DST change, a restart after a due time, or two workers at once take no waiting;
 * what went out is read from the webhook receiver and the history through the API. Reminders here
 * start in 2027, so the server's own pump (on the real clock) never reaches them.
 */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
let receiver: Receiver;
let pushes: PushReceiver;
// Links in messages are absolute only with PUBLIC_URL (a phone opens them).
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  { timezone: 'Europe/Berlin' },
  () => ({ publicUrl: 'https://life.example' }),
);

type Json = Record<string, any>;

const round = (at: string | Date) => server.call<typeof runDueReminders>('domain/reminders/scheduler.ts', 'runDueReminders', new Date(at));
const base = (u: TestUser = owner) => `/users/${u.id}/reminders`;
const create = (body: object, u: TestUser = owner, auth = u.auth) => server.api().post(base(u)).set(auth).send(body);

let hookCount = 0;
let lastHook: string | undefined;
/**
 * A webhook of the owner's to a path of its own on the receiver: the reminders sent there are that
 * test's. The one before is deleted (an account keeps a bounded number of webhooks).
 */
async function hook(format: 'standard' | 'ntfy' = 'standard'): Promise<{ id: string; path: string }> {
  if (lastHook) await server.api().delete(`/users/${owner.id}/webhooks/${lastHook}`).set(owner.auth);
  const path = `/hook-${++hookCount}`;
  const res = await server
    .api()
    .post(`/users/${owner.id}/webhooks`)
    .set(owner.auth)
    .send({ url: receiver.url(path), events: ['goal.met'], format });
  expect(res.status).toBe(201);
  lastHook = res.body.id;
  return { id: res.body.id, path };
}

async function reminder(body: object): Promise<Json> {
  const res = await create(body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

const history = async (id: string): Promise<Json[]> => {
  const res = await server.api().get(`${base()}/${id}/history`).set(owner.auth);
  expect(res.status).toBe(200);
  return res.body as Json[];
};
const upcoming = async (id: string, from: string, limit = 3): Promise<Json[]> => {
  const res = await server.api().get(`${base()}/${id}/upcoming`).query({ from, limit }).set(owner.auth);
  expect(res.status).toBe(200);
  return res.body as Json[];
};
/** Rounds every `stepMinutes` from `from` to `to`, as a pump would run them. */
async function rounds(from: string, to: string, stepMinutes = 30): Promise<void> {
  for (let t = Date.parse(from); t <= Date.parse(to); t += stepMinutes * 60_000) await round(new Date(t));
}
const bodies = (path: string) => receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Json);

beforeAll(async () => {
  receiver = await startReceiver();
  pushes = await startPushReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await pushes.stop();
});

describe('setting a reminder', () => {
  test('"remind me at 21:00 if I have not logged my mood": defaults filled in, next due time in my timezone', async () => {
    const { id } = await hook();
    const r = await reminder({
      label: 'Log your mood',
      times: ['21:00'],
      target: { kind: 'metric', ref: 'mood' },
      condition: 'not_logged_today',
      channel: 'webhook',
      webhook_id: id,
      starts_on: '2027-01-04',
    });
    expect(r).toMatchObject({
      id: expect.stringMatching(UUID),
      label: 'Log your mood',
      times: ['21:00'],
      rrule: 'FREQ=DAILY',
      starts_on: '2027-01-04',
      timezone: 'Europe/Berlin',
      target: { kind: 'metric', ref: 'mood' },
      condition: 'not_logged_today',
      quiet: null,
      channel: 'webhook',
      webhook_id: id,
      grace_minutes: 60,
      enabled: true,
      // 21:00 in Berlin in winter.
      next_due_at: '2027-01-04T20:00:00.000Z',
      snoozed_until: null,
      created_at: expect.stringMatching(ISO_UTC),
    });
    const one = await server.api().get(`${base()}/${r.id}`).set(owner.auth);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(r);
    expect(one.headers.etag).toBeDefined();
    const list = await server.api().get(base()).set(owner.auth);
    expect(list.body.map((x: Json) => x.id)).toContain(r.id);
  });

  test('weekdays at 21:00 and every 2 days, in the rule; several times a day in order', async () => {
    const weekdays = await reminder({
      label: 'Stretch',
      times: ['21:00'],
      rrule: 'RRULE:freq=weekly;byday=MO,TU,WE,TH,FR',
      channel: 'web_push',
      starts_on: '2027-01-01',
      timezone: 'UTC',
    });
    expect(weekdays.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    // 2027-01-01 is a Friday: then Monday and Tuesday.
    expect((await upcoming(weekdays.id, '2027-01-01T00:00:00Z')).map((o) => o.local_date)).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-01-05',
    ]);
    const everyOther = await reminder({
      label: 'Water the plants',
      times: ['20:00', '08:00', '08:00'],
      rrule: 'FREQ=DAILY;INTERVAL=2',
      channel: 'web_push',
      starts_on: '2027-01-01',
      timezone: 'UTC',
    });
    expect(everyOther.times).toEqual(['08:00', '20:00']);
    expect((await upcoming(everyOther.id, '2027-01-01T00:00:00Z', 4)).map((o) => o.due_at)).toEqual([
      '2027-01-01T08:00:00.000Z',
      '2027-01-01T20:00:00.000Z',
      '2027-01-03T08:00:00.000Z',
      '2027-01-03T20:00:00.000Z',
    ]);
    const counted = await reminder({
      label: 'Three times',
      times: ['09:00'],
      rrule: 'FREQ=DAILY;COUNT=3',
      channel: 'web_push',
      starts_on: '2027-01-01',
      timezone: 'UTC',
    });
    expect(await upcoming(counted.id, '2027-01-01T00:00:00Z', 10)).toHaveLength(3);
  });

  test('every validation rule answers 422 at its loc', async () => {
    const { id: standard } = await hook();
    const ok = { label: 'x', times: ['21:00'], channel: 'web_push' };
    const cases: [object, (string | number)[]][] = [
      [{ ...ok, label: '' }, ['body', 'label']],
      [{ ...ok, times: [] }, ['body', 'times']],
      [{ ...ok, times: ['9:00'] }, ['body', 'times', 0]],
      [{ ...ok, times: ['21:00', '24:00'] }, ['body', 'times', 1]],
      [{ ...ok, rrule: 'FREQ=HOURLY' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'FREQ=DAILY;BYHOUR=9' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'INTERVAL=2' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'FREQ=DAILY;INTERVAL=0' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'FREQ=DAILY;FREQ=WEEKLY' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'FREQ=DAILY;COUNT=2;UNTIL=20270101' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'FREQ=DAILY;UNTIL=20200101' }, ['body', 'rrule']],
      [{ ...ok, rrule: 'x'.repeat(501) }, ['body', 'rrule']],
      [{ ...ok, timezone: 'Mars/Olympus' }, ['body', 'timezone']],
      [{ ...ok, starts_on: '2027-02-30' }, ['body', 'starts_on']],
      [{ ...ok, target: { kind: 'metric', ref: 'nope' } }, ['body', 'target', 'ref']],
      [{ ...ok, target: { kind: 'goal', ref: 'weight' } }, ['body', 'target', 'ref']],
      [{ ...ok, target: { kind: 'routine', ref: '00000000-0000-4000-8000-000000000000' } }, ['body', 'target', 'ref']],
      [{ ...ok, target: { kind: 'tag', ref: '#' } }, ['body', 'target', 'ref']],
      [{ ...ok, target: { kind: 'place', ref: 'x' } }, ['body', 'target', 'kind']],
      [{ ...ok, condition: 'not_logged_today' }, ['body', 'condition']],
      [{ ...ok, condition: 'sometimes' }, ['body', 'condition']],
      [{ ...ok, quiet: { start: '22:00' } }, ['body', 'quiet', 'end']],
      [{ ...ok, channel: 'sms' }, ['body', 'channel']],
      [{ ...ok, channel: 'webhook' }, ['body', 'webhook_id']],
      [{ ...ok, channel: 'webhook', webhook_id: '00000000-0000-4000-8000-000000000000' }, ['body', 'webhook_id']],
      [{ ...ok, channel: 'ntfy', webhook_id: standard }, ['body', 'webhook_id']],
      [{ ...ok, webhook_id: standard }, ['body', 'webhook_id']],
      [{ ...ok, grace_minutes: 1441 }, ['body', 'grace_minutes']],
      [{ ...ok, enabled: 'yes' }, ['body', 'enabled']],
    ];
    for (const [body, loc] of cases) expect422(await create(body), loc);
    const made = await reminder(ok);
    expect422(await server.api().patch(`${base()}/${made.id}`).set(owner.auth).send({}), ['body']);
    expect422(
      await server
        .api()
        .patch(`${base()}/${made.id}`)
        .set(owner.auth)
        .send({ times: ['25:00'] }),
      ['body', 'times', 0],
    );
    expect422(await server.api().patch(`${base()}/${made.id}`).set(owner.auth).send({ condition: 'not_logged_this_period' }), [
      'body',
      'condition',
    ]);
    expect422(await server.api().get(`${base()}/${made.id}/upcoming`).query({ limit: 101 }).set(owner.auth), ['query', 'limit']);
    expect422(await server.api().get(`${base()}/${made.id}/history`).query({ before: 'yesterday' }).set(owner.auth), ['query', 'before']);
  });

  test("another user's token reaches none of it; a read-only token reads but never writes", async () => {
    const made = await reminder({ label: 'Mine', times: ['08:00'], channel: 'web_push' });
    const path = `${base()}/${made.id}`;
    for (const [method, url] of [
      ['get', base()],
      ['post', base()],
      ['get', path],
      ['patch', path],
      ['delete', path],
      ['get', `${path}/upcoming`],
      ['get', `${path}/history`],
    ] as const) {
      const api = server.api() as unknown as Record<string, (u: string) => ReturnType<ReturnType<typeof server.api>['get']>>;
      const res = await api[method](url)
        .set(other.auth)
        .send(method === 'get' ? undefined : { label: 'x' });
      expectError(res, 403);
    }
    // Through their own path, my reminder is not theirs.
    expectError(
      await server
        .api()
        .get(`${base(other)}/${made.id}`)
        .set(other.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${base(other)}/${made.id}`)
        .set(other.auth),
      404,
    );
    const ro = await readOnly(server, owner);
    expect((await server.api().get(path).set(ro.auth)).status).toBe(200);
    expectError(await create({ label: 'x', times: ['08:00'], channel: 'web_push' }, owner, ro.auth as typeof owner.auth), 403);
    expectError(await server.api().patch(path).set(ro.auth).send({ label: 'y' }), 403);
    expectError(await server.api().delete(path).set(ro.auth), 403);
  });

  test('a change of schedule counts from now; deleting removes it and its history', async () => {
    const made = await reminder({ label: 'Pills', times: ['08:00'], channel: 'web_push', starts_on: '2027-02-01' });
    const patched = await server
      .api()
      .patch(`${base()}/${made.id}`)
      .set(owner.auth)
      .send({ times: ['09:15'], quiet: { start: '22:00', end: '07:00' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      times: ['09:15'],
      next_due_at: '2027-02-01T08:15:00.000Z',
      quiet: { start: '22:00', end: '07:00' },
    });
    const cleared = await server.api().patch(`${base()}/${made.id}`).set(owner.auth).send({ quiet: null });
    expect(cleared.body.quiet).toBeNull();
    expect((await server.api().delete(`${base()}/${made.id}`).set(owner.auth)).status).toBe(204);
    expectError(await server.api().get(`${base()}/${made.id}`).set(owner.auth), 404);
  });
});

describe('DST: each due time once, at the documented instant', () => {
  // A time the clocks skip goes out right after the gap (02:30 → 03:30 new time); a repeated one, the first time.
  const CASES = [
    {
      zone: 'America/New_York',
      time: '02:30',
      starts: '2027-03-13',
      expect: ['2027-03-13T07:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-15T06:30:00.000Z'],
    },
    {
      zone: 'America/New_York',
      time: '01:30',
      starts: '2027-11-06',
      expect: ['2027-11-06T05:30:00.000Z', '2027-11-07T05:30:00.000Z', '2027-11-08T06:30:00.000Z'],
    },
    {
      zone: 'Europe/Berlin',
      time: '02:30',
      starts: '2027-03-27',
      expect: ['2027-03-27T01:30:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-29T00:30:00.000Z'],
    },
    {
      zone: 'Europe/Berlin',
      time: '02:30',
      starts: '2027-10-30',
      expect: ['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z'],
    },
  ];

  test.each(CASES)('$zone $time from $starts: upcoming shows one due time per night', async (c) => {
    const made = await reminder({ label: `DST ${c.zone}`, times: [c.time], timezone: c.zone, starts_on: c.starts, channel: 'web_push' });
    const next = await upcoming(made.id, `${c.starts}T00:00:00Z`, 3);
    expect(next.map((o) => o.due_at)).toEqual(c.expect);
    expect(next.map((o) => o.local_time)).toEqual([c.time, c.time, c.time]);
    await server.api().delete(`${base()}/${made.id}`).set(owner.auth);
  });

  test.each(CASES)('$zone $time from $starts: rounds every 30 minutes through the nights send each once', async (c) => {
    const { id: webhook, path } = await hook();
    const made = await reminder({
      label: `Night ${c.zone}`,
      times: [c.time],
      timezone: c.zone,
      starts_on: c.starts,
      channel: 'webhook',
      webhook_id: webhook,
    });
    await rounds(`${c.starts}T00:00:00Z`, c.expect[2].replace(/T.*/, 'T12:00:00Z'));
    const fired = (await history(made.id)).reverse();
    expect(fired.map((f) => [f.due_at, f.status])).toEqual(c.expect.map((at) => [at, 'sent']));
    await receiver.waitFor(3, path);
    const sent = bodies(path);
    expect(sent.map((b) => b.type)).toEqual(['reminder.due', 'reminder.due', 'reminder.due']);
    expect(sent.map((b) => b.data.due_at).sort()).toEqual(c.expect);
    expect(sent.every((b) => b.data.id === made.id && b.data.local_time === c.time)).toBe(true);
  });
});

describe('conditions', () => {
  test('a reading logged just before the time cancels that day; a day without one reminds', async () => {
    const { id: webhook, path } = await hook();
    const made = await reminder({
      label: 'Log your mood',
      times: ['21:00'],
      target: { kind: 'metric', ref: 'mood' },
      condition: 'not_logged_today',
      channel: 'webhook',
      webhook_id: webhook,
      starts_on: '2027-01-10',
    });
    // 20:59 in Berlin on the 10th; nothing on the 11th (the 10th's reading is another day).
    await ingestOk(server, owner, [reading({ metric_type_slug: 'mood', value: 4, recorded_at: '2027-01-10T19:59:00Z', source: 'app' })]);
    await round('2027-01-10T20:00:00Z');
    await round('2027-01-11T20:00:00Z');
    const fired = await history(made.id);
    expect(fired.map((f) => [f.local_date, f.status, f.reason])).toEqual([
      ['2027-01-11', 'sent', null],
      ['2027-01-10', 'skipped', 'already_logged'],
    ]);
    expect(fired[0].actions).toMatchObject({ done_url: expect.stringMatching(/\/r\/[\w-]{43}\/done$/) });
    expect(fired[1].actions).toBeNull();
    const [sent] = await receiver.waitFor(1, path);
    const body = JSON.parse(sent.body);
    expect(body).toMatchObject({
      type: 'reminder.due',
      data: { id: made.id, label: 'Log your mood', local_date: '2027-01-11', local_time: '21:00', snoozed: false },
    });
    expect(sent.headers['webhook-signature']).toMatch(/^v1,/);
  });

  test('a capture saying it, its suggestion still waiting in the inbox, cancels it too', async () => {
    const made = await reminder({
      label: 'Mood check',
      times: ['21:00'],
      // Once: later tests' rounds on the same clock must not find it due.
      rrule: 'FREQ=DAILY;COUNT=1',
      target: { kind: 'metric', ref: 'mood' },
      condition: 'not_logged_today',
      channel: 'web_push',
      starts_on: '2027-01-15',
    });
    const capture = await captureParsed(server, owner, 'mood 7/10', { captured_at: '2027-01-15T20:40:00+01:00' });
    expect(capture.status).toBe('parsed');
    expect(capture.suggestions).toContainEqual(
      expect.objectContaining({
        kind: 'metric_reading',
        status: 'pending',
        payload: expect.objectContaining({ metric_type_slug: 'mood' }),
      }),
    );
    await round('2027-01-15T20:00:00Z');
    expect((await history(made.id)).map((f) => [f.local_date, f.status, f.reason])).toEqual([['2027-01-15', 'skipped', 'already_logged']]);
  });

  test('a tag logged since the previous due time cancels "this period"; quiet hours skip', async () => {
    const made = await reminder({
      label: 'Meds',
      times: ['08:00', '23:00'],
      target: { kind: 'tag', ref: '#Meds' },
      condition: 'not_logged_this_period',
      quiet: { start: '22:00', end: '07:00' },
      channel: 'web_push',
      starts_on: '2027-01-20',
      timezone: 'UTC',
    });
    expect(made.target).toEqual({ kind: 'tag', ref: 'meds' });
    const event = await server
      .api()
      .post(`/users/${owner.id}/events`)
      .set(owner.auth)
      .send({ occurred_at: '2027-01-20T07:30:00Z', tags: ['meds'] });
    expect(event.status).toBe(201);
    await round('2027-01-20T08:00:00Z');
    await round('2027-01-20T23:00:00Z');
    await round('2027-01-21T08:00:00Z');
    const fired = (await history(made.id)).reverse();
    expect(fired.map((f) => [f.due_at, f.status, f.reason])).toEqual([
      ['2027-01-20T08:00:00.000Z', 'skipped', 'already_logged'],
      ['2027-01-20T23:00:00.000Z', 'skipped', 'quiet_hours'],
      // Nothing since 23:00, and no browser subscribed: it could not go out.
      ['2027-01-21T08:00:00.000Z', 'failed', 'no_push_subscriptions'],
    ]);
  });

  test('a goal: not reminded once its week is met, nor once it can no longer be met', async () => {
    const goal = await server
      .api()
      .put(`/users/${owner.id}/goals/workout_minutes`)
      .set(owner.auth)
      .send({ target: 30, direction: 'at_least', period: 'week', times_per_period: 3 });
    expect(goal.status).toBe(200);
    const made = await reminder({
      label: 'Move',
      times: ['18:00'],
      target: { kind: 'goal', ref: 'workout_minutes' },
      condition: 'not_logged_this_period',
      channel: 'web_push',
      starts_on: '2027-02-01',
      timezone: 'Europe/Berlin',
    });
    // Week of Monday 2027-02-01: three days met by Wednesday; the next week nothing until Saturday (2 days left for 3).
    await ingestOk(
      server,
      owner,
      ['2027-02-01', '2027-02-02', '2027-02-03'].map((d) =>
        reading({ metric_type_slug: 'workout_minutes', value: 40, recorded_at: `${d}T10:00:00Z`, source: 'app' }),
      ),
    );
    await round('2027-02-04T17:00:00Z');
    await round('2027-02-13T17:00:00Z');
    const fired = await history(made.id);
    const byDate = Object.fromEntries(fired.map((f) => [f.local_date, f.reason]));
    expect(byDate['2027-02-04']).toBe('goal_met');
    expect(byDate['2027-02-13']).toBe('goal_out_of_reach');
  });
});

describe('once, whoever runs it', () => {
  test('five workers running the same round at once send each due time once', async () => {
    const { id: webhook, path } = await hook();
    const made = await reminder({
      label: 'Together',
      times: ['07:00', '07:05'],
      channel: 'webhook',
      webhook_id: webhook,
      starts_on: '2027-04-01',
      timezone: 'UTC',
    });
    await Promise.all(Array.from({ length: 5 }, () => round('2027-04-01T07:10:00Z')));
    await Promise.all(Array.from({ length: 5 }, () => round('2027-04-01T07:10:00Z')));
    const fired = await history(made.id);
    expect(fired.map((f) => [f.due_at, f.status])).toEqual([
      ['2027-04-01T07:05:00.000Z', 'sent'],
      ['2027-04-01T07:00:00.000Z', 'sent'],
    ]);
    await receiver.waitFor(2, path);
    await new Promise((r) => setTimeout(r, 500));
    expect(bodies(path)).toHaveLength(2);
    const [{ n }] = await server.sql<{ n: number }>(`select count(*)::int as n from reminder_firings where reminder_id = $1`, [made.id]);
    expect(n).toBe(2);
  });

  test('after a restart: a due time within the grace window goes out late, one past it is recorded as missed', async () => {
    const { id: webhook, path } = await hook();
    const made = await reminder({
      label: 'Late',
      times: ['06:00', '12:00'],
      channel: 'webhook',
      webhook_id: webhook,
      grace_minutes: 90,
      starts_on: '2027-05-01',
      timezone: 'UTC',
    });
    // The first round after being down since before 06:00: 06:00 is 3 hours late, 12:00 is 20 minutes late.
    await round('2027-05-01T12:20:00Z');
    const fired = (await history(made.id)).reverse();
    expect(fired.map((f) => [f.local_time, f.status, f.reason])).toEqual([
      ['06:00', 'missed', 'not_running'],
      ['12:00', 'sent', null],
    ]);
    await receiver.waitFor(1, path);
    expect(bodies(path).map((b) => b.data.local_time)).toEqual(['12:00']);
    const after = await server.api().get(`${base()}/${made.id}`).set(owner.auth);
    expect(after.body.next_due_at).toBe('2027-05-02T06:00:00.000Z');
  });

  test("the server's own pump sends a due reminder to ntfy with Done and Snooze buttons", async () => {
    const { id: webhook, path } = await hook('ntfy');
    const made = await reminder({
      label: 'Stand up',
      times: ['10:00'],
      channel: 'ntfy',
      webhook_id: webhook,
      starts_on: '2027-06-01',
      timezone: 'UTC',
    });
    // Its due time arrives now (on the real clock): the running pump finds it on its own.
    await server.sql(`update reminders set next_due_at = now() where id = $1`, [made.id]);
    const [sent] = await receiver.waitFor(1, path);
    expect(sent.headers.title).toBe('Stand up');
    // Moved by hand, the due time is not one of the rule's: the message names it as the clock read it.
    expect(sent.body).toMatch(/^Due at \d\d:\d\d on \d{4}-\d\d-\d\d$/);
    expect(sent.headers.actions).toMatch(/^http, Done, .*\/r\/[\w-]{43}\/done, method=POST, clear=true; http, Snooze 15 min, /);
    await waitFor(async () => ((await history(made.id))[0]?.status === 'sent' ? true : undefined), 'the firing recorded as sent');
    const after = await server.api().get(`${base()}/${made.id}`).set(owner.auth);
    expect(after.body.next_due_at).toBe('2027-06-01T10:00:00.000Z');
  });
});

describe('Web Push', () => {
  test('a due reminder reaches every subscribed browser, encrypted; a gone one is dropped and the rest still get it', async () => {
    const [phone, laptop] = [pushes.subscribe(), pushes.subscribe()];
    for (const browser of [phone, laptop]) {
      const res = await server.api().post(`/users/${owner.id}/web-push/subscriptions`).set(owner.auth).send(browser.toJSON());
      expect(res.status).toBe(201);
    }
    pushes.answer(laptop.path, { status: 410 });
    const made = await reminder({
      label: 'Log your mood',
      times: ['21:00'],
      target: { kind: 'metric', ref: 'mood' },
      condition: 'not_logged_today',
      channel: 'web_push',
      starts_on: '2027-09-01',
    });
    await round('2027-09-01T19:00:00Z');
    const [push] = await pushes.waitFor(1, phone.path);
    expect(push.problems).toEqual([]);
    expect(push.headers.urgency).toBe('high');
    const [fired] = await history(made.id);
    expect(push.notification).toEqual({
      title: 'Log your mood',
      body: 'Due at 21:00 on 2027-09-01',
      url: fired.actions.page_url,
      tag: `reminder-${made.id}`,
      actions: [
        { action: 'done', title: 'Done', url: fired.actions.done_url },
        { action: 'snooze', title: 'Snooze 15 min', url: fired.actions.snooze_url },
      ],
    });
    expect(fired).toMatchObject({ status: 'sent', reason: null });
    expect(fired.push_results.map((p: Json) => [p.ok, p.status]).sort()).toEqual([
      [false, 410],
      [true, 201],
    ]);
    const left = await server.api().get(`/users/${owner.id}/web-push/subscriptions`).set(owner.auth);
    expect(left.body).toHaveLength(1);
  });
});

describe('Done and Snooze links', () => {
  async function sentFiring(): Promise<{ made: Json; firing: Json; token: string; path: string }> {
    const { id: webhook, path } = await hook();
    const made = await reminder({
      label: 'Journal',
      times: ['21:00'],
      target: { kind: 'tag', ref: 'journal' },
      condition: 'not_logged_today',
      channel: 'webhook',
      webhook_id: webhook,
      starts_on: '2027-07-01',
      timezone: 'UTC',
    });
    await round('2027-07-01T21:00:00Z');
    const [firing] = await history(made.id);
    expect(firing.status).toBe('sent');
    const token = /\/r\/([\w-]{43})\/done$/.exec(firing.actions.done_url)![1];
    return { made, firing, token, path };
  }

  test('the page shows two buttons and changes nothing; Done is recorded and idempotent', async () => {
    const { made, token } = await sentFiring();
    const page = await server.api().get(`/r/${token}`).buffer(true);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Journal');
    expect(page.text).toContain(`action="/r/${token}/done"`);
    expect((await history(made.id))[0].action).toBeNull();
    const done = await server.api().post(`/r/${token}/done`).set('Accept', 'application/json');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ action: 'done', acted_at: expect.stringMatching(ISO_UTC) });
    expect((await server.api().post(`/r/${token}/done`).set('Accept', 'application/json')).body.acted_at).toBe(done.body.acted_at);
    expect((await history(made.id))[0].action).toBe('done');
    expectError(await server.api().post(`/r/${token}/snooze`).set('Accept', 'application/json'), 409);
  });

  test('Snooze brings it back after the minutes, checked again then: logged meanwhile, it stays quiet', async () => {
    const { made, token, path } = await sentFiring();
    const snoozed = await server.api().post(`/r/${token}/snooze`).type('form').send({ minutes: '20' }).buffer(true);
    expect(snoozed.status).toBe(200);
    expect(snoozed.text).toContain('Snoozed');
    const after = await server.api().get(`${base()}/${made.id}`).set(owner.auth);
    // 20 minutes from the due time (the rounds' clock is in 2027; snoozing counts from the due time at the earliest).
    expect(after.body.snoozed_until).toBe('2027-07-01T21:20:00.000Z');
    const until = Date.parse(after.body.snoozed_until);
    await round(new Date(until));
    const [again] = await history(made.id);
    expect(again).toMatchObject({
      snoozed: true,
      status: 'sent',
      local_date: '2027-07-01',
      local_time: '21:00',
      occurrence_at: '2027-07-01T21:00:00.000Z',
    });
    await receiver.waitFor(2, path);
    expect(
      bodies(path)
        .map((b) => b.data.snoozed)
        .sort(),
    ).toEqual([false, true]);
    // Snoozed again, then logged: the snooze finds it done.
    const token2 = /\/r\/([\w-]{43})\/done$/.exec(again.actions.done_url)![1];
    const second = await server.api().post(`/r/${token2}/snooze`).set('Accept', 'application/json').send({ minutes: 5 });
    expect(second.status).toBe(200);
    // Logged after the due time, before the snooze (21:20 + 5 min) ends: "today" is the due time's day, in UTC here.
    const logged = await server
      .api()
      .post(`/users/${owner.id}/events`)
      .set(owner.auth)
      .send({ occurred_at: '2027-07-01T21:10:00Z', tags: ['journal'] });
    expect(logged.status).toBe(201);
    await round(new Date(Date.parse(second.body.snoozed_until)));
    expect((await history(made.id))[0]).toMatchObject({ snoozed: true, status: 'skipped', reason: 'already_logged' });
  });

  test('a forged, malformed or stale link opens nothing', async () => {
    const { token, firing } = await sentFiring();
    const forged = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    expectError(await server.api().post(`/r/${forged}/done`).set('Accept', 'application/json'), 404);
    expect((await server.api().get('/r/short').buffer(true)).status).toBe(404);
    expect422(await server.api().post(`/r/${token}/snooze`).set('Accept', 'application/json').send({ minutes: 721 }), ['body', 'minutes']);
    await server.sql(`update reminder_firings set due_at = now() - interval '8 days' where id = $1`, [firing.id]);
    expectError(await server.api().post(`/r/${token}/done`).set('Accept', 'application/json'), 410);
  });
});

describe('GraphQL and MCP', () => {
  test('the same reminders through GraphQL: create, list, on goals and routines, upcoming and history', async () => {
    await server.api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 8000, direction: 'at_least' });
    const routine = await server.api().post(`/users/${owner.id}/routines`).set(owner.auth).send({ name: 'Evening' });
    const made = await gqlData(
      server,
      owner,
      `mutation($input: ReminderCreateInput!) { createReminder(input: $input) { id label times timezone target { kind ref } condition channel nextDueAt } }`,
      {
        input: {
          label: 'Walk',
          times: ['19:00'],
          target: { kind: 'goal', ref: 'steps' },
          condition: 'not_logged_this_period',
          channel: 'web_push',
          startsOn: '2027-08-01',
        },
      },
    );
    expect(made.createReminder).toMatchObject({
      label: 'Walk',
      timezone: 'Europe/Berlin',
      target: { kind: 'goal', ref: 'steps' },
      nextDueAt: '2027-08-01T17:00:00.000Z',
    });
    await reminder({
      label: 'Evening routine',
      times: ['20:00'],
      target: { kind: 'routine', ref: routine.body.id },
      condition: 'not_logged_today',
      channel: 'web_push',
    });
    const data = await gqlData(
      server,
      owner,
      `query($id: UUID!) { me {
        goals { slug reminders { label } }
        routines { name reminders { label target { ref } } }
        reminder(id: $id) { label version }
        reminderUpcoming(id: $id, from: "2027-08-01T00:00:00Z", limit: 2) { dueAt localDate localTime }
        reminderHistory(id: $id) { status }
      } }`,
      { id: made.createReminder.id },
    );
    expect(data.me.goals.find((g: Json) => g.slug === 'steps').reminders).toEqual([{ label: 'Walk' }]);
    expect(data.me.routines.find((r: Json) => r.name === 'Evening').reminders).toEqual([
      { label: 'Evening routine', target: { ref: routine.body.id } },
    ]);
    expect(data.me.reminderUpcoming).toEqual([
      { dueAt: '2027-08-01T17:00:00.000Z', localDate: '2027-08-01', localTime: '19:00' },
      { dueAt: '2027-08-02T17:00:00.000Z', localDate: '2027-08-02', localTime: '19:00' },
    ]);
    expect(data.me.reminderHistory).toEqual([]);
    const rest = await server
      .api()
      .get(`${base()}/${made.createReminder.id}/upcoming`)
      .query({ from: '2027-08-01T00:00:00Z', limit: 2 })
      .set(owner.auth);
    expect(rest.body.map((o: Json) => o.due_at)).toEqual(data.me.reminderUpcoming.map((o: Json) => o.dueAt));
    const updated = await gqlData(
      server,
      owner,
      `mutation($id: UUID!) { updateReminder(id: $id, input: { enabled: false }) { enabled } }`,
      { id: made.createReminder.id },
    );
    expect(updated.updateReminder.enabled).toBe(false);
    const ro = await readOnly(server, owner);
    const refused = await server
      .api()
      .post('/graphql')
      .set(ro.auth)
      .send({ query: `mutation($id: UUID!) { deleteReminder(id: $id) }`, variables: { id: made.createReminder.id } });
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
