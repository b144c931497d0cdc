import { randomUUID } from 'node:crypto';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, UUID } from '../helpers/expect.ts';
import { definitionOf, ingestOk, reading } from './support.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));

/** A timezone where it is around noon now, so "today" cannot roll over while a test runs. */
function noonZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? 'UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const now = () => new Date().toISOString();
const base = (u: TestUser, defId: string) => `/users/${u.id}/metric-definitions/${defId}/automations`;

async function post(u: TestUser, defId: string, body: object) {
  return server.api().post(base(u, defId)).set(u.auth).send(body);
}

async function automationEvents(u: TestUser, tag: string) {
  const res = await server.api().get(`/users/${u.id}/events?tag=${tag}`).set(u.auth);
  expect(res.status).toBe(200);
  return res.body as { source: string; scalar_value: number | null; local_date: string; metadata: Record<string, any> }[];
}

describe('automations CRUD', () => {
  let u: TestUser;
  let other: TestUser;
  let defId: string;
  beforeAll(async () => {
    u = await signUp(server);
    other = await signUp(server);
    defId = (await definitionOf(server, u, 'steps')).id;
  });

  test('create, read through the definition, change, delete', async () => {
    const res = await post(u, defId, {
      trigger_type: 'threshold',
      trigger_config: { operator: 'gte', value: 10000, extra: 'dropped' },
      action_type: 'log_event',
      action_config: { tags: ['#Goal'] },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['action_config', 'action_type', 'enabled', 'id', 'trigger_config', 'trigger_type']);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      enabled: true,
      trigger_type: 'threshold',
      trigger_config: { operator: 'gte', value: 10000, basis: 'day' },
      action_type: 'log_event',
      action_config: { tags: ['goal'] },
    });
    const id = res.body.id;
    const def = await server.api().get(`/users/${u.id}/metric-definitions/${defId}`).set(u.auth);
    expect(def.body.automations).toEqual([res.body]);

    let changed = await server
      .api()
      .patch(`${base(u, defId)}/${id}`)
      .set(u.auth)
      .send({ enabled: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...res.body, enabled: false });

    // Changing the trigger type re-validates the config against the new type.
    expect422(
      await server
        .api()
        .patch(`${base(u, defId)}/${id}`)
        .set(u.auth)
        .send({ trigger_type: 'missing_by' }),
      ['body', 'trigger_config', 'time'],
    );
    changed = await server
      .api()
      .patch(`${base(u, defId)}/${id}`)
      .set(u.auth)
      .send({ trigger_type: 'missing_by', trigger_config: { time: '21:30' } });
    expect(changed.body).toMatchObject({
      enabled: false,
      trigger_type: 'missing_by',
      trigger_config: { time: '21:30' },
      action_config: { tags: ['goal'] },
    });

    expect(
      (
        await server
          .api()
          .delete(`${base(u, defId)}/${id}`)
          .set(u.auth)
      ).status,
    ).toBe(204);
    expectError(
      await server
        .api()
        .delete(`${base(u, defId)}/${id}`)
        .set(u.auth),
      404,
    );
    const after = await server.api().get(`/users/${u.id}/metric-definitions/${defId}`).set(u.auth);
    expect(after.body.automations).toEqual([]);
  });

  test.each([
    [['body', 'trigger_type'], { action_type: 'log_event', action_config: { tags: ['x'] } }],
    [['body', 'trigger_type'], { trigger_type: 'hourly', action_type: 'log_event', action_config: { tags: ['x'] } }],
    [['body', 'action_type'], { trigger_type: 'reading_received' }],
    [['body', 'action_type'], { trigger_type: 'reading_received', action_type: 'email' }],
    [['body', 'enabled'], { enabled: 'yes', trigger_type: 'reading_received', action_type: 'create_suggestion' }],
    [['body', 'trigger_config'], { trigger_type: 'reading_received', trigger_config: [], action_type: 'create_suggestion' }],
    [['body', 'trigger_config', 'operator'], { trigger_type: 'threshold', trigger_config: { value: 1 }, action_type: 'create_suggestion' }],
    [
      ['body', 'trigger_config', 'operator'],
      { trigger_type: 'threshold', trigger_config: { operator: '>', value: 1 }, action_type: 'create_suggestion' },
    ],
    [
      ['body', 'trigger_config', 'value'],
      { trigger_type: 'threshold', trigger_config: { operator: 'gt' }, action_type: 'create_suggestion' },
    ],
    [
      ['body', 'trigger_config', 'unit'],
      { trigger_type: 'threshold', trigger_config: { operator: 'gt', value: 1, unit: 'kg' }, action_type: 'create_suggestion' },
    ],
    [
      ['body', 'trigger_config', 'basis'],
      { trigger_type: 'threshold', trigger_config: { operator: 'gt', value: 1, basis: 'week' }, action_type: 'create_suggestion' },
    ],
    [['body', 'trigger_config', 'time'], { trigger_type: 'missing_by', trigger_config: {}, action_type: 'create_suggestion' }],
    [['body', 'trigger_config', 'time'], { trigger_type: 'missing_by', trigger_config: { time: '9am' }, action_type: 'create_suggestion' }],
    [
      ['body', 'trigger_config', 'time'],
      { trigger_type: 'missing_by', trigger_config: { time: '24:00' }, action_type: 'create_suggestion' },
    ],
    [
      ['body', 'trigger_config', 'source'],
      { trigger_type: 'reading_received', trigger_config: { source: '' }, action_type: 'create_suggestion' },
    ],
    [['body', 'action_config'], { trigger_type: 'reading_received', action_type: 'log_event' }],
    [
      ['body', 'action_config', 'category_id'],
      { trigger_type: 'reading_received', action_type: 'log_event', action_config: { category_id: randomUUID() } },
    ],
    [['body', 'action_config', 'tags', 0], { trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['#'] } }],
    [
      ['body', 'action_config', 'title'],
      { trigger_type: 'reading_received', action_type: 'create_suggestion', action_config: { title: 'x'.repeat(201) } },
    ],
    [
      ['body', 'action_config', 'kind'],
      { trigger_type: 'reading_received', action_type: 'create_suggestion', action_config: { kind: 'meal' } },
    ],
  ])('422 at %j', async (loc, body) => {
    expect422(await post(u, defId, body), loc as (string | number)[]);
  });

  test("404 for another user's definition or automation, or one under another definition", async () => {
    const theirDef = (await definitionOf(server, other, 'steps')).id;
    const theirs = await post(other, theirDef, { trigger_type: 'reading_received', action_type: 'create_suggestion' });
    expect(theirs.status).toBe(201);
    const body = { trigger_type: 'reading_received', action_type: 'create_suggestion' };
    expectError(await post(u, theirDef, body), 404);
    expectError(
      await server
        .api()
        .patch(`${base(u, theirDef)}/${theirs.body.id}`)
        .set(u.auth)
        .send({ enabled: false }),
      404,
    );
    expectError(
      await server
        .api()
        .patch(`${base(u, defId)}/${theirs.body.id}`)
        .set(u.auth)
        .send({ enabled: false }),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${base(u, defId)}/${theirs.body.id}`)
        .set(u.auth),
      404,
    );
    const mine = await post(u, defId, body);
    const weightDef = (await definitionOf(server, u, 'weight')).id;
    expectError(
      await server
        .api()
        .patch(`${base(u, weightDef)}/${mine.body.id}`)
        .set(u.auth)
        .send({ enabled: false }),
      404,
    );
    expectError(
      await server
        .api()
        .patch(`${base(u, defId)}/${randomUUID()}`)
        .set(u.auth)
        .send({ enabled: false }),
      404,
    );
    expect422(
      await server
        .api()
        .patch(`${base(u, defId)}/nope`)
        .set(u.auth)
        .send({ enabled: false }),
      ['path', 'automation_id'],
    );
    const still = await server.api().get(`/users/${other.id}/metric-definitions/${theirDef}`).set(other.auth);
    expect(still.body.automations).toHaveLength(1);
  });

  test('401 and 403', async () => {
    const body = { trigger_type: 'reading_received', action_type: 'create_suggestion' };
    expectError(await server.api().post(base(u, defId)).send(body), 401);
    expectError(await server.api().post(base(u, defId)).set(other.auth).send(body), 403);
    const mine = await post(u, defId, body);
    expectError(
      await server
        .api()
        .patch(`${base(u, defId)}/${mine.body.id}`)
        .set(other.auth)
        .send({ enabled: false }),
      403,
    );
    expectError(
      await server
        .api()
        .delete(`${base(u, defId)}/${mine.body.id}`)
        .set(other.auth),
      403,
    );
    expectError(await server.api().delete(`${base(u, defId)}/${mine.body.id}`), 401);
  });
});

describe('the engine on ingest', () => {
  test("reading_received fires once per local day, and only for today's readings", async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const defId = (await definitionOf(server, u, 'mood')).id;
    await post(u, defId, { trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['mood-logged'] } });
    await ingestOk(server, u, [reading({ metric_type_slug: 'mood', value: 6, recorded_at: '2026-01-05T12:00:00Z' })]);
    expect(await automationEvents(u, 'mood-logged')).toHaveLength(0);
    await ingestOk(server, u, [
      reading({ metric_type_slug: 'mood', value: 7, recorded_at: now() }),
      reading({ metric_type_slug: 'mood', value: 8, recorded_at: now() }),
    ]);
    await ingestOk(server, u, [reading({ metric_type_slug: 'mood', value: 5, recorded_at: now() })]);
    const events = await automationEvents(u, 'mood-logged');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'automation', scalar_value: 8 });
    expect(events[0].metadata.automation).toMatchObject({ metric_type_slug: 'mood', trigger_type: 'reading_received' });
  });

  test("threshold on the day's resolved value fires when the day crosses it, once", async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const defId = (await definitionOf(server, u, 'steps')).id;
    await post(u, defId, {
      trigger_type: 'threshold',
      trigger_config: { operator: 'gte', value: 10000 },
      action_type: 'log_event',
      action_config: { tags: ['10k'] },
    });
    await ingestOk(server, u, [reading({ value: 6000, recorded_at: now() })]);
    expect(await automationEvents(u, '10k')).toHaveLength(0);
    await ingestOk(server, u, [reading({ value: 5000, recorded_at: now() })]);
    await ingestOk(server, u, [reading({ value: 5000, recorded_at: now() })]);
    const events = await automationEvents(u, '10k');
    expect(events).toHaveLength(1);
    expect(events[0].scalar_value).toBe(11000);
  });

  test('threshold on single readings, in another unit, with a source filter', async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const defId = (await definitionOf(server, u, 'weight')).id;
    await post(u, defId, {
      trigger_type: 'threshold',
      trigger_config: { operator: 'gt', value: 220.462, unit: 'lb', basis: 'reading', source: 'scale' },
      action_type: 'log_event',
      action_config: { tags: ['heavy'] },
    });
    await ingestOk(server, u, [reading({ metric_type_slug: 'weight', source: 'scale', value: 99, recorded_at: now() })]);
    await ingestOk(server, u, [reading({ metric_type_slug: 'weight', source: 'phone', value: 120, recorded_at: now() })]);
    expect(await automationEvents(u, 'heavy')).toHaveLength(0);
    await ingestOk(server, u, [reading({ metric_type_slug: 'weight', source: 'scale', value: 101, recorded_at: now() })]);
    expect(await automationEvents(u, 'heavy')).toHaveLength(1);
  });

  test('disabled automations and disabled metrics do not fire', async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const water = (await definitionOf(server, u, 'water')).id;
    const a = await post(u, water, {
      enabled: false,
      trigger_type: 'reading_received',
      action_type: 'log_event',
      action_config: { tags: ['water'] },
    });
    expect(a.body.enabled).toBe(false);
    const coffee = (await definitionOf(server, u, 'caffeine')).id;
    await post(u, coffee, { trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['coffee'] } });
    await server.api().patch(`/users/${u.id}/metric-definitions/${coffee}`).set(u.auth).send({ enabled: false });
    await ingestOk(server, u, [
      reading({ metric_type_slug: 'water', value: 250, recorded_at: now() }),
      reading({ metric_type_slug: 'caffeine', value: 95, recorded_at: now() }),
    ]);
    expect(await automationEvents(u, 'water')).toHaveLength(0);
    expect(await automationEvents(u, 'coffee')).toHaveLength(0);
  });

  test('create_suggestion puts one automation suggestion in the inbox', async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const defId = (await definitionOf(server, u, 'resting_heart_rate')).id;
    const a = await post(u, defId, {
      trigger_type: 'threshold',
      trigger_config: { operator: 'gte', value: 70 },
      action_type: 'create_suggestion',
      action_config: { title: 'Resting heart rate is high: rest day?', payload: { tags: ['rest'] } },
    });
    await ingestOk(server, u, [reading({ metric_type_slug: 'resting_heart_rate', source: 'ring', value: 74, recorded_at: now() })]);
    await ingestOk(server, u, [reading({ metric_type_slug: 'resting_heart_rate', source: 'ring', value: 76, recorded_at: now() })]);
    const res = await server.api().get(`/users/${u.id}/suggestions`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.pending_count).toBe(1);
    expect(res.body.suggestions[0]).toMatchObject({
      kind: 'event',
      source: 'automation',
      status: 'pending',
      title: 'Resting heart rate is high: rest day?',
      payload: { scalar_value: 74, tags: ['rest'] },
      provenance: { automation_id: a.body.id, metric_type_slug: 'resting_heart_rate', trigger_type: 'threshold', value: 74 },
    });
  });

  test('concurrent batches still fire an automation once', async () => {
    const u = await signUp(server, { timezone: noonZone() });
    const defId = (await definitionOf(server, u, 'steps')).id;
    await post(u, defId, { trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['walked'] } });
    await Promise.all(
      Array.from({ length: 6 }, (_, b) => ingestOk(server, u, [reading({ value: 100 + b, source_id: `c${b}`, recorded_at: now() })])),
    );
    expect(await automationEvents(u, 'walked')).toHaveLength(1);
  });
});
