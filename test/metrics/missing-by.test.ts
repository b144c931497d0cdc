import type { runMissingByAutomations as RunMissingByAutomations } from '../../src/domain/metrics/automations.engine.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { definitionOf, ingestOk, reading } from './support.ts';

let server: IsolatedServer;
beforeAll(async () => {
  // No workers: the real missing-by job (every 15 minutes) would fire this file's fixed-date automations for the real today.
  server = await startIsolatedServer({ workers: 0 });
});
afterAll(async () => {
  await server.stop();
});

/** The missing_by round at `iso`, run by the server's process on its database. */
const run = (iso: string) =>
  server.call<typeof RunMissingByAutomations>('domain/metrics/automations.engine.ts', 'runMissingByAutomations', new Date(iso));

test('missing_by fires after the local deadline on a day without a reading, once per local day', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' }); // UTC+1 in March
  const category = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Reminders' });
  expect(category.status).toBe(201);
  const defId = (await definitionOf(server, u, 'weight')).id;
  const created = await server
    .api()
    .post(`/users/${u.id}/metric-definitions/${defId}/automations`)
    .set(u.auth)
    .send({
      trigger_type: 'missing_by',
      trigger_config: { time: '09:00' },
      action_type: 'log_event',
      action_config: { category_id: category.body.id, tags: ['weigh-in-missed'] },
    });
  expect(created.status).toBe(201);
  const events = async () => (await server.api().get(`/users/${u.id}/events?tag=weigh-in-missed`).set(u.auth)).body;

  expect(await run('2026-03-10T07:59:00Z')).toBe(0); // 08:59 in Berlin
  expect(await run('2026-03-10T08:00:00Z')).toBe(1); // 09:00
  expect(await run('2026-03-10T20:00:00Z')).toBe(0); // already fired today
  const [first] = await events();
  expect(first).toMatchObject({ source: 'automation', local_date: '2026-03-10', category_id: category.body.id });

  // A reading that day (any source) means nothing is missing.
  await ingestOk(server, u, [reading({ metric_type_slug: 'weight', value: 70, recorded_at: '2026-03-11T06:00:00Z' })]);
  expect(await run('2026-03-11T10:00:00Z')).toBe(0);

  // The next local day starts at 23:00 UTC.
  expect(await run('2026-03-11T23:30:00Z')).toBe(0); // 00:30 on the 12th: before the deadline
  expect(await run('2026-03-12T09:00:00Z')).toBe(1);
  expect((await events()).map((e: { local_date: string }) => e.local_date)).toEqual(['2026-03-12', '2026-03-10']);
  // The job scans every user: leave nothing behind for the next test's counts.
  await server.api().delete(`/users/${u.id}/metric-definitions/${defId}/automations/${created.body.id}`).set(u.auth);
});

test('a source filter, a deleted category, and a disabled automation', async () => {
  const u = await signUp(server);
  const category = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Gone soon' });
  const defId = (await definitionOf(server, u, 'sleep_duration')).id;
  const auto = await server
    .api()
    .post(`/users/${u.id}/metric-definitions/${defId}/automations`)
    .set(u.auth)
    .send({
      trigger_type: 'missing_by',
      trigger_config: { time: '10:00', source: 'ring' },
      action_type: 'log_event',
      action_config: { category_id: category.body.id, tags: ['no-ring-sleep'] },
    });
  await server.api().delete(`/users/${u.id}/categories/${category.body.id}`).set(u.auth);
  await ingestOk(server, u, [
    reading({ metric_type_slug: 'sleep_duration', source: 'phone', value: 7, recorded_at: '2026-04-01T07:00:00Z' }),
  ]);
  expect(await run('2026-04-01T11:00:00Z')).toBe(1); // the phone's reading does not count
  const [event] = (await server.api().get(`/users/${u.id}/events?tag=no-ring-sleep`).set(u.auth)).body;
  expect(event).toMatchObject({ category_id: null, local_date: '2026-04-01' });

  await server.api().patch(`/users/${u.id}/metric-definitions/${defId}/automations/${auto.body.id}`).set(u.auth).send({ enabled: false });
  expect(await run('2026-04-02T11:00:00Z')).toBe(0);
});

test('missing_by with create_suggestion proposes logging the missing reading', async () => {
  const u = await signUp(server);
  const defId = (await definitionOf(server, u, 'mood')).id;
  const a = await server
    .api()
    .post(`/users/${u.id}/metric-definitions/${defId}/automations`)
    .set(u.auth)
    .send({
      trigger_type: 'missing_by',
      trigger_config: { time: '20:00' },
      action_type: 'create_suggestion',
    });
  expect(await run('2026-05-01T20:15:00Z')).toBe(1);
  const res = await server.api().get(`/users/${u.id}/suggestions`).set(u.auth);
  expect(res.body.suggestions).toHaveLength(1);
  expect(res.body.suggestions[0]).toMatchObject({
    kind: 'metric_reading',
    source: 'automation',
    title: 'No mood logged by 20:00',
    payload: { metric_type_slug: 'mood', unit: 'score', source: 'manual', local_date: '2026-05-01' },
    provenance: { automation_id: a.body.id, trigger_type: 'missing_by', local_date: '2026-05-01', value: null },
  });
});

test('the missing_by job is scheduled every 15 minutes', async () => {
  // What the job runtime's getSchedules() reads.
  const schedules = await server.sql(`select * from pgboss.schedule order by name, key`);
  expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'metrics.missing-by', cron: '*/15 * * * *' })]));
});
