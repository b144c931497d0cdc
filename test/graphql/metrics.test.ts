import { randomUUID } from 'node:crypto';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { definitionOf, ingestOk, reading } from '../metrics/support.ts';

/** The metrics area through GraphQL: the same catalogue, readings, definitions and automations as REST, the same rules. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

type Json = Record<string, any>;
/** GET a path of the user's (or an absolute one, as /metric-types), insisting on 200. */
const rest = async (user: TestUser, path: string) => {
  const res = await server
    .api()
    .get(path === '/metric-types' ? path : `/users/${user.id}${path}`)
    .set(user.auth);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return res.body;
};

const READING = 'id metricType { id slug unit } recordedAt localDate value unit source sourceId readingGroupId metadata createdAt';
const AUTOMATION = 'id enabled triggerType triggerConfig actionType actionConfig';
const DEFINITION = `id metricType { slug } displayName enabled manualFallback resolutionOperator
  sources { source rank condition } automations { ${AUTOMATION} }`;

/** A REST reading in the GraphQL shape (the users are in UTC, so the local day is the instant's date). */
const asReading = (r: Json) => ({
  id: r.id,
  metricType: { id: r.metric_type_id, slug: r.metric_type_slug, unit: r.unit },
  recordedAt: r.recorded_at,
  localDate: r.recorded_at.slice(0, 10),
  value: r.value,
  unit: r.unit,
  source: r.source,
  sourceId: r.source_id,
  readingGroupId: r.reading_group_id,
  metadata: r.metadata,
  createdAt: r.created_at,
});
const asAutomation = (a: Json) => ({
  id: a.id,
  enabled: a.enabled,
  triggerType: a.trigger_type,
  triggerConfig: a.trigger_config,
  actionType: a.action_type,
  actionConfig: a.action_config,
});
const asDefinition = (d: Json) => ({
  id: d.id,
  metricType: { slug: d.metric_type_slug },
  displayName: d.display_name,
  enabled: d.enabled,
  manualFallback: d.manual_fallback,
  resolutionOperator: d.resolution_operator,
  sources: d.sources,
  automations: d.automations.map(asAutomation),
});

/** A reading in the GraphQL input's spelling. */
const input = (r: Json) => ({
  metricTypeSlug: r.metric_type_slug,
  recordedAt: r.recorded_at,
  source: r.source,
  value: r.value,
  ...(r.unit !== undefined ? { unit: r.unit } : {}),
  ...(r.source_id !== undefined ? { sourceId: r.source_id } : {}),
  ...(r.reading_group_id !== undefined ? { readingGroupId: r.reading_group_id } : {}),
  ...(r.metadata !== undefined ? { metadata: r.metadata } : {}),
});

const INGEST = `mutation($input: ReadingBatchInput!) { ingestReadings(input: $input) { skippedCount created { ${READING} } } }`;
const ingestGql = (user: { auth: Record<string, string> }, readings: Json[]) =>
  gqlData(server, user, INGEST, { input: { readings: readings.map(input) } }).then((d) => d.ingestReadings);

const UPDATE_DEFINITION = `mutation($id: UUID!, $input: MetricDefinitionUpdateInput!) { updateMetricDefinition(id: $id, input: $input) { ${DEFINITION} } }`;
const CREATE_AUTOMATION = `mutation($def: UUID!, $input: AutomationCreateInput!) { createAutomation(definitionId: $def, input: $input) { ${AUTOMATION} } }`;
const UPDATE_AUTOMATION = `mutation($def: UUID!, $id: UUID!, $input: AutomationUpdateInput!) { updateAutomation(definitionId: $def, id: $id, input: $input) { ${AUTOMATION} } }`;
const DELETE_AUTOMATION = 'mutation($def: UUID!, $id: UUID!) { deleteAutomation(definitionId: $def, id: $id) }';

describe('queries', () => {
  test('metricTypes is the catalogue of GET /metric-types, field by field', async () => {
    const { me } = await gqlData(
      server,
      owner,
      '{ me { metricTypes { id slug label category unit aggregation goalable valueField acceptedUnits } } }',
    );
    const types = await rest(owner, '/metric-types');
    expect(me.metricTypes).toEqual(
      types.map((t: Json) => ({
        id: t.id,
        slug: t.slug,
        label: t.label,
        category: t.category,
        unit: t.unit,
        aggregation: t.aggregation,
        goalable: t.goalable,
        valueField: t.value_field,
        acceptedUnits: t.accepted_units,
      })),
    );
  });

  test('readings take the same filters and paging as GET /health/metrics and resolve their metric type', async () => {
    await ingestOk(server, owner, [
      reading({ source_id: 'q-1', recorded_at: '2026-04-01T08:00:00Z', value: 4000 }),
      reading({ source_id: 'q-2', recorded_at: '2026-04-02T08:00:00Z', value: 5000, source: 'phone', metadata: { device: 'x' } }),
      reading({
        source_id: 'q-3',
        metric_type_slug: 'weight',
        recorded_at: '2026-04-02T07:00:00Z',
        value: 160,
        unit: 'lb',
        reading_group_id: randomUUID(),
      }),
      reading({ source_id: 'q-4', metric_type_slug: 'mood', recorded_at: '2026-04-03T20:00:00Z', value: 7, source: 'manual' }),
    ]);
    const cases: [string, string][] = [
      ['', ''],
      ['metric: "steps"', 'metric=steps'],
      ['source: "phone"', 'source=phone'],
      ['from: "2026-04-02", to: "2026-04-02"', 'from=2026-04-02&to=2026-04-02'],
      ['from: "2026-04-02T07:30:00Z"', 'from=2026-04-02T07:30:00Z'],
      ['limit: 2, offset: 1', 'limit=2&offset=1'],
    ];
    for (const [args, query] of cases) {
      const { me } = await gqlData(server, owner, `{ me { readings${args ? `(${args})` : ''} { ${READING} } } }`);
      const expected = (await rest(owner, `/health/metrics?${query}`)).map(asReading);
      expect(expected.length).toBeGreaterThan(0);
      expect(me.readings).toEqual(expected);
    }
  });

  test('bad reading filters are BAD_USER_INPUT with locs in argument names, as REST 422s', async () => {
    const error = await gqlError(server, owner, '{ me { readings(metric: "nope", limit: 0) { id } } }');
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs).toEqual(expect.arrayContaining(['limit']));
    const unknown = await gqlError(server, owner, '{ me { readings(metric: "nope") { id } } }');
    expect(unknown.locs).toEqual(['metric']);
    const restError = await server.api().get(`/users/${owner.id}/health/metrics?metric=nope`).set(owner.auth);
    expect(restError.status).toBe(422);
    expect(unknown.detail!.map((d) => d.msg)).toEqual(restError.body.detail.map((d: Json) => d.msg));
  });

  test('metricDefinitions and metricDefinition equal the REST definitions, with sources and automations', async () => {
    const steps = await definitionOf(server, owner, 'steps');
    await server
      .api()
      .patch(`/users/${owner.id}/metric-definitions/${steps.id}`)
      .set(owner.auth)
      .send({
        display_name: 'Walking',
        resolution_operator: 'max',
        sources: [{ source: 'watch' }, { source: 'phone', condition: { type: 'prefer_if_present' } }],
      });
    for (const body of [
      {
        trigger_type: 'threshold',
        trigger_config: { operator: 'gte', value: 10000 },
        action_type: 'log_event',
        action_config: { tags: ['goal'] },
      },
      {
        trigger_type: 'missing_by',
        trigger_config: { time: '20:00' },
        action_type: 'create_suggestion',
        action_config: {},
        enabled: false,
      },
    ]) {
      const res = await server.api().post(`/users/${owner.id}/metric-definitions/${steps.id}/automations`).set(owner.auth).send(body);
      expect(res.status).toBe(201);
    }

    const { me } = await gqlData(
      server,
      owner,
      `query($id: UUID!) { me {
      all: metricDefinitions(limit: 500) { ${DEFINITION} }
      page: metricDefinitions(limit: 3, offset: 2) { id }
      first: metricDefinitions { id }
      one: metricDefinition(id: $id) { ${DEFINITION} createdAt updatedAt }
    } }`,
      { id: steps.id },
    );
    const all = await rest(owner, '/metric-definitions?limit=500');
    expect(me.all).toEqual(all.map(asDefinition));
    expect(me.page.map((d: Json) => d.id)).toEqual((await rest(owner, '/metric-definitions?limit=3&offset=2')).map((d: Json) => d.id));
    expect(me.first.map((d: Json) => d.id)).toEqual((await rest(owner, '/metric-definitions')).map((d: Json) => d.id));

    const one = await rest(owner, `/metric-definitions/${steps.id}`);
    const { createdAt, updatedAt, ...fields } = me.one;
    expect(fields).toEqual(asDefinition(one));
    expect(fields.sources).toEqual([
      { source: 'watch', rank: 1, condition: null },
      { source: 'phone', rank: 2, condition: { type: 'prefer_if_present' } },
    ]);
    expect(fields.automations.map((a: Json) => a.triggerType)).toEqual(['threshold', 'missing_by']);
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(createdAt));
  });

  test("metricDefinition of an unknown or another user's id is NOT_FOUND; bad paging is BAD_USER_INPUT", async () => {
    const foreign = await definitionOf(server, other, 'steps');
    for (const id of [foreign.id, randomUUID()]) {
      expect((await gqlError(server, owner, 'query($id: UUID!) { me { metricDefinition(id: $id) { id } } }', { id })).code).toBe(
        'NOT_FOUND',
      );
    }
    const paging = await gqlError(server, owner, '{ me { metricDefinitions(limit: 501, offset: -1) { id } } }');
    expect(paging.code).toBe('BAD_USER_INPUT');
    expect(paging.locs.sort()).toEqual(['limit', 'offset']);
  });

  test("another user reaches none of it: user(id) is FORBIDDEN, and their own lists hold none of the owner's rows", async () => {
    const foreign = await gqlError(server, other, 'query($id: UUID!) { user(id: $id) { readings { id } metricDefinitions { id } } }', {
      id: owner.id,
    });
    expect(foreign.code).toBe('FORBIDDEN');
    const { me } = await gqlData(
      server,
      other,
      `{ me { readings(limit: 500) { id } metricDefinitions(limit: 500) { id metricType { slug } } } }`,
    );
    const ownerReadings = new Set((await rest(owner, '/health/metrics?limit=500')).map((r: Json) => r.id));
    const ownerDefinitions = new Set((await rest(owner, '/metric-definitions?limit=500')).map((d: Json) => d.id));
    expect(me.readings.filter((r: Json) => ownerReadings.has(r.id))).toEqual([]);
    expect(me.metricDefinitions.filter((d: Json) => ownerDefinitions.has(d.id))).toEqual([]);
    expect(me.metricDefinitions.map((d: Json) => d.id)).toEqual(
      (await rest(other, '/metric-definitions?limit=500')).map((d: Json) => d.id),
    );
  });
});

describe('ingestReadings', () => {
  test('takes a full batch of 10,000 readings (a body over 1 MiB), as the REST ingest route does', async () => {
    const u = await signUp(server);
    const batch = Array.from({ length: 10_000 }, (_, i) =>
      reading({
        source_id: `full-${i}`,
        recorded_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        value: i % 500,
      }),
    );
    expect(JSON.stringify({ readings: batch.map(input) }).length).toBeGreaterThan(1024 * 1024);
    const res = await gqlData(
      server,
      u,
      'mutation($input: ReadingBatchInput!) { ingestReadings(input: $input) { skippedCount created { id } } }',
      { input: { readings: batch.map(input) } },
    );
    expect(res.ingestReadings.created).toHaveLength(10_000);
    expect(res.ingestReadings.skippedCount).toBe(0);
  });

  test('creates what REST then lists, converting units; a resent batch is skipped as REST skips it', async () => {
    // A batch with a duplicate inside it: the same batch through GraphQL (owner) and REST (other), on the same state.
    const batch = [
      reading({ source_id: 'i-1', recorded_at: '2026-05-01T06:00:00Z', value: 1200 }),
      reading({
        source_id: 'i-2',
        metric_type_slug: 'weight',
        recorded_at: '2026-05-01T07:00:00Z',
        value: 154,
        unit: 'lb',
        metadata: { scale: 'home' },
      }),
      reading({ source_id: 'i-1', recorded_at: '2026-05-01T06:05:00Z', value: 1300 }),
      reading({ source_id: null, metric_type_slug: 'water', recorded_at: '2026-05-01T09:00:00Z', value: 0.5, unit: 'L', source: 'manual' }),
    ];
    const first = await ingestGql(owner, batch);
    const firstRest = await ingestOk(server, other, batch);
    expect(first.skippedCount).toBe(firstRest.skipped_count);
    expect(first.created.map((r: Json) => [r.metricType.slug, r.value, r.unit, r.sourceId])).toEqual(
      firstRest.created.map((r: Json) => [r.metric_type_slug, r.value, r.unit, r.source_id]),
    );
    expect(first.created.find((r: Json) => r.sourceId === 'i-2').value).toBeCloseTo(69.853, 3);

    const listed = (await rest(owner, '/health/metrics?from=2026-05-01&to=2026-05-01')).map(asReading);
    expect([...first.created].sort((a: Json, b: Json) => a.id.localeCompare(b.id))).toEqual(
      [...listed].sort((a, b) => a.id.localeCompare(b.id)),
    );

    const resent = await ingestGql(owner, batch);
    const resentRest = await ingestOk(server, other, batch);
    // Readings without a source_id are never duplicates: the water reading is created again.
    expect(resent.skippedCount).toBe(resentRest.skipped_count);
    expect(resent.skippedCount).toBe(3);
    expect(resent.created.map((r: Json) => r.metricType.slug)).toEqual(['water']);
  });

  test('an invalid reading is BAD_USER_INPUT at input.readings.<i>.<field>, and nothing is written', async () => {
    const before = (await rest(owner, '/health/metrics?limit=500')).length;
    const bad = [
      reading({ source_id: 'bad-0', value: -5 }),
      reading({ source_id: 'bad-1', metric_type_slug: 'nope' }),
      reading({ source_id: 'bad-2', metric_type_slug: 'weight', unit: 'parsec' }),
    ];
    const error = await gqlError(server, owner, INGEST, { input: { readings: bad.map(input) } });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs).toEqual(['input.readings.0.value', 'input.readings.1.metricTypeSlug', 'input.readings.2.unit']);
    const restError = await server.api().post(`/users/${owner.id}/health/metrics`).set(owner.auth).send({ readings: bad });
    expect(restError.status).toBe(422);
    expect(error.detail!.map((d) => d.msg)).toEqual(restError.body.detail.map((d: Json) => d.msg));
    // A malformed field fails the batch before any catalogue check, as in REST.
    const blank = await gqlError(server, owner, INGEST, {
      input: { readings: [...bad, reading({ source_id: 'bad-3', source: ' ' })].map(input) },
    });
    expect(blank.locs).toEqual(['input.readings.3.source']);
    expect((await rest(owner, '/health/metrics?limit=500')).length).toBe(before);
  });

  test("a read-only token is FORBIDDEN and writes nothing; another user's ingest lands in their own data only", async () => {
    const before = (await rest(owner, '/health/metrics?limit=500')).length;
    const error = await gqlError(server, await readOnly(server, owner), INGEST, {
      input: { readings: [input(reading({ source_id: 'ro-1' }))] },
    });
    expect(error.code).toBe('FORBIDDEN');
    const byOther = await ingestGql(other, [reading({ source_id: 'i-1', recorded_at: '2026-05-01T06:00:00Z' })]);
    // 'i-1' exists for both users: the other user's duplicate is skipped in their data, the owner's untouched.
    expect(byOther.skippedCount).toBe(1);
    expect((await rest(owner, '/health/metrics?limit=500')).length).toBe(before);
  });
});

describe('updateMetricDefinition', () => {
  test('omitted fields stay, sources replace the whole list, null clears; the answer equals GET', async () => {
    const def = await definitionOf(server, owner, 'sleep_duration');
    const set = await gqlData(server, owner, UPDATE_DEFINITION, {
      id: def.id,
      input: {
        displayName: 'Sleep',
        manualFallback: false,
        resolutionOperator: 'latest',
        sources: [{ source: 'oura' }, { source: 'watch', condition: { type: 'prefer_if_present' } }, { source: 'phone' }],
      },
    });
    expect(set.updateMetricDefinition).toEqual(asDefinition(await rest(owner, `/metric-definitions/${def.id}`)));
    expect(set.updateMetricDefinition).toMatchObject({
      displayName: 'Sleep',
      enabled: true,
      manualFallback: false,
      resolutionOperator: 'latest',
    });
    expect(set.updateMetricDefinition.sources.map((s: Json) => [s.source, s.rank])).toEqual([
      ['oura', 1],
      ['watch', 2],
      ['phone', 3],
    ]);

    const replaced = await gqlData(server, owner, UPDATE_DEFINITION, { id: def.id, input: { sources: [{ source: 'phone' }] } });
    expect(replaced.updateMetricDefinition).toEqual(asDefinition(await rest(owner, `/metric-definitions/${def.id}`)));
    expect(replaced.updateMetricDefinition).toMatchObject({
      displayName: 'Sleep',
      resolutionOperator: 'latest',
      sources: [{ source: 'phone', rank: 1, condition: null }],
    });

    const cleared = await gqlData(server, owner, UPDATE_DEFINITION, { id: def.id, input: { displayName: null, sources: null } });
    expect(cleared.updateMetricDefinition).toMatchObject({ displayName: null, sources: [], resolutionOperator: 'latest' });
    expect(cleared.updateMetricDefinition).toEqual(asDefinition(await rest(owner, `/metric-definitions/${def.id}`)));
  });

  test('validation, NOT_FOUND, FORBIDDEN', async () => {
    const def = await definitionOf(server, owner, 'water');
    const before = await rest(owner, `/metric-definitions/${def.id}`);
    const invalid = await gqlError(server, owner, UPDATE_DEFINITION, {
      id: def.id,
      input: {
        displayName: '',
        sources: [{ source: 'a' }, { source: 'b', condition: { type: 'always' } }],
      },
    });
    expect(invalid.code).toBe('BAD_USER_INPUT');
    expect(invalid.locs.sort()).toEqual(['input.displayName', 'input.sources.1.condition.type']);
    const twice = await gqlError(server, owner, UPDATE_DEFINITION, { id: def.id, input: { sources: [{ source: 'a' }, { source: 'a' }] } });
    expect(twice.locs).toEqual(['input.sources.1.source']);
    const nullFlag = await gqlError(server, owner, UPDATE_DEFINITION, { id: def.id, input: { enabled: null } });
    expect(nullFlag.locs).toEqual(['input.enabled']);

    const foreign = await definitionOf(server, other, 'water');
    for (const id of [foreign.id, randomUUID()]) {
      expect((await gqlError(server, owner, UPDATE_DEFINITION, { id, input: { enabled: false } })).code).toBe('NOT_FOUND');
    }
    expect((await rest(other, `/metric-definitions/${foreign.id}`)).enabled).toBe(true);

    const forbidden = await gqlError(server, await readOnly(server, owner), UPDATE_DEFINITION, { id: def.id, input: { enabled: false } });
    expect(forbidden.code).toBe('FORBIDDEN');
    expect(await rest(owner, `/metric-definitions/${def.id}`)).toEqual(before);
  });
});

describe('automations', () => {
  test('create, update and delete answer what REST then shows', async () => {
    const def = await definitionOf(server, owner, 'weight');
    const created = (
      await gqlData(server, owner, CREATE_AUTOMATION, {
        def: def.id,
        input: {
          triggerType: 'threshold',
          triggerConfig: { operator: 'gt', value: 80, unit: 'kg', extra: 'dropped' },
          actionType: 'create_suggestion',
          actionConfig: { title: 'Heavy day' },
        },
      })
    ).createAutomation;
    const shown = () => rest(owner, `/metric-definitions/${def.id}`).then((d) => d.automations.map(asAutomation));
    expect(await shown()).toEqual([created]);
    expect(created).toMatchObject({ enabled: true, triggerConfig: { operator: 'gt', value: 80, unit: 'kg', basis: 'day' } });

    const updated = (
      await gqlData(server, owner, UPDATE_AUTOMATION, {
        def: def.id,
        id: created.id,
        input: {
          enabled: false,
          triggerType: 'missing_by',
          triggerConfig: { time: '09:30' },
        },
      })
    ).updateAutomation;
    expect(await shown()).toEqual([updated]);
    expect(updated).toMatchObject({
      id: created.id,
      enabled: false,
      triggerType: 'missing_by',
      triggerConfig: { time: '09:30' },
      actionConfig: { title: 'Heavy day' },
    });

    const { me } = await gqlData(
      server,
      owner,
      `query($id: UUID!) { me { metricDefinition(id: $id) { automations { ${AUTOMATION} } } } }`,
      { id: def.id },
    );
    expect(me.metricDefinition.automations).toEqual([updated]);

    expect((await gqlData(server, owner, DELETE_AUTOMATION, { def: def.id, id: created.id })).deleteAutomation).toBe(true);
    expect(await shown()).toEqual([]);
    expect((await gqlError(server, owner, DELETE_AUTOMATION, { def: def.id, id: created.id })).code).toBe('NOT_FOUND');
  });

  test('invalid configs are BAD_USER_INPUT at input.<argument>.<key>', async () => {
    const def = await definitionOf(server, owner, 'weight');
    const missing = await gqlError(server, owner, CREATE_AUTOMATION, {
      def: def.id,
      input: { triggerType: 'missing_by', actionType: 'log_event', actionConfig: { tags: ['x'] } },
    });
    expect(missing.code).toBe('BAD_USER_INPUT');
    expect(missing.locs).toEqual(['input.triggerConfig.time']);
    const unit = await gqlError(server, owner, CREATE_AUTOMATION, {
      def: def.id,
      input: {
        triggerType: 'threshold',
        triggerConfig: { operator: 'gt', value: 1, unit: 'parsec' },
        actionType: 'log_event',
        actionConfig: { tags: ['x'] },
      },
    });
    expect(unit.locs).toEqual(['input.triggerConfig.unit']);
    const category = await gqlError(server, owner, CREATE_AUTOMATION, {
      def: def.id,
      input: {
        triggerType: 'reading_received',
        actionType: 'log_event',
        actionConfig: { category_id: randomUUID() },
      },
    });
    // The service's loc keys are camelCased like every loc, those inside a JSON config too.
    expect(category.locs).toEqual(['input.actionConfig.categoryId']);

    const a = (
      await gqlData(server, owner, CREATE_AUTOMATION, {
        def: def.id,
        input: { triggerType: 'reading_received', actionType: 'log_event', actionConfig: { tags: ['w'] } },
      })
    ).createAutomation;
    const retype = await gqlError(server, owner, UPDATE_AUTOMATION, { def: def.id, id: a.id, input: { triggerType: 'missing_by' } });
    expect(retype.locs).toEqual(['input.triggerConfig.time']);
    expect((await rest(owner, `/metric-definitions/${def.id}`)).automations.map(asAutomation)).toEqual([a]);
    await gqlData(server, owner, DELETE_AUTOMATION, { def: def.id, id: a.id });
  });

  test("another user's or an unknown definition or automation is NOT_FOUND; a read-only token is FORBIDDEN; nothing changes", async () => {
    const def = await definitionOf(server, owner, 'steps');
    const foreignDef = await definitionOf(server, other, 'steps');
    const body = { triggerType: 'reading_received', actionType: 'log_event', actionConfig: { tags: ['x'] } };
    const foreign = (
      await server
        .api()
        .post(`/users/${other.id}/metric-definitions/${foreignDef.id}/automations`)
        .set(other.auth)
        .send({ trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['theirs'] } })
    ).body;
    const mine = (
      await server
        .api()
        .post(`/users/${owner.id}/metric-definitions/${def.id}/automations`)
        .set(owner.auth)
        .send({ trigger_type: 'reading_received', action_type: 'log_event', action_config: { tags: ['mine'] } })
    ).body;
    const ownerBefore = await rest(owner, `/metric-definitions/${def.id}`);

    for (const defId of [foreignDef.id, randomUUID()]) {
      expect((await gqlError(server, owner, CREATE_AUTOMATION, { def: defId, input: body })).code).toBe('NOT_FOUND');
    }
    for (const [defId, id] of [
      [foreignDef.id, foreign.id],
      [def.id, foreign.id],
      [def.id, randomUUID()],
    ]) {
      expect((await gqlError(server, owner, UPDATE_AUTOMATION, { def: defId, id, input: { enabled: false } })).code).toBe('NOT_FOUND');
      expect((await gqlError(server, owner, DELETE_AUTOMATION, { def: defId, id })).code).toBe('NOT_FOUND');
    }
    expect((await rest(other, `/metric-definitions/${foreignDef.id}`)).automations).toEqual([foreign]);

    const ro = await readOnly(server, owner);
    expect((await gqlError(server, ro, CREATE_AUTOMATION, { def: def.id, input: body })).code).toBe('FORBIDDEN');
    expect((await gqlError(server, ro, UPDATE_AUTOMATION, { def: def.id, id: mine.id, input: { enabled: false } })).code).toBe('FORBIDDEN');
    expect((await gqlError(server, ro, DELETE_AUTOMATION, { def: def.id, id: mine.id })).code).toBe('FORBIDDEN');
    expect(await rest(owner, `/metric-definitions/${def.id}`)).toEqual(ownerBefore);
  });
});

// The ingest reads the local days its statement answers as text (ingest.service.ts dayList): days
// before 1970 are negative numbers there.
test('ingestReadings gives each created reading its local day, before 1970 and across a timezone too', async () => {
  const u = await signUp(server, { timezone: 'America/New_York' });
  const created = (
    await ingestGql(u, [
      reading({ source_id: 'old-1', recorded_at: '1969-12-31T12:00:00Z' }),
      reading({ source_id: 'old-2', recorded_at: '1970-01-01T03:00:00Z' }),
      reading({ source_id: 'old-3', recorded_at: '1970-01-01T06:00:00Z' }),
      reading({ source_id: 'old-4', recorded_at: '1960-06-15T12:00:00Z' }),
      reading({ source_id: 'new-1', recorded_at: '2026-04-02T02:00:00Z' }),
    ])
  ).created as { sourceId: string; localDate: string }[];
  expect(created.map((c) => [c.sourceId, c.localDate])).toEqual([
    ['old-1', '1969-12-31'],
    ['old-2', '1969-12-31'],
    ['old-3', '1970-01-01'],
    ['old-4', '1960-06-15'],
    ['new-1', '2026-04-01'],
  ]);
});
