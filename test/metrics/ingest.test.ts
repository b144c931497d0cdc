import { randomUUID } from 'node:crypto';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { allReadings, ingest, ingestOk, reading } from './support.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));

describe('POST /users/{user_id}/health/metrics', () => {
  test('creates readings in the canonical unit, field for field', async () => {
    const u = await signUp(server);
    const group = randomUUID();
    const res = await ingest(server, u, [
      reading({
        metric_type_slug: 'weight',
        value: 154.32358352941,
        unit: 'lb',
        source: 'scale',
        source_id: 'w1',
        recorded_at: '2026-03-01T07:30:00+01:00',
        metadata: { device: 'Withings' },
        reading_group_id: group,
      }),
      reading({ metric_type_slug: 'steps', value: 4200, source: 'watch' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.skipped_count).toBe(0);
    expect(res.body.created).toHaveLength(2);
    const [w, s] = res.body.created;
    expect(Object.keys(w).sort()).toEqual([
      'created_at',
      'id',
      'metadata',
      'metric_type_id',
      'metric_type_slug',
      'reading_group_id',
      'recorded_at',
      'source',
      'source_id',
      'unit',
      'updated_at',
      'user_id',
      'value',
    ]);
    expect(w).toMatchObject({
      user_id: u.id,
      metric_type_id: 6,
      metric_type_slug: 'weight',
      recorded_at: '2026-03-01T06:30:00.000Z',
      metadata: { device: 'Withings' },
      reading_group_id: group,
      source: 'scale',
      source_id: 'w1',
      unit: 'kg',
    });
    expect(w.value).toBeCloseTo(70, 6);
    expect(w.id).toMatch(UUID);
    expect(w.created_at).toMatch(ISO_UTC);
    expect(w.updated_at).toBe(w.created_at);
    expect(s).toMatchObject({
      metric_type_slug: 'steps',
      unit: 'count',
      value: 4200,
      source_id: null,
      reading_group_id: null,
      metadata: {},
    });

    const listed = await server.api().get(`/users/${u.id}/health/metrics`).set(u.auth);
    expect(listed.status).toBe(200);
    const back = listed.body.find((r: { id: string }) => r.id === w.id);
    expect(back).toEqual(w);
  });

  test('an empty batch is fine', async () => {
    const u = await signUp(server);
    const res = await ingest(server, u, []);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: [], skipped_count: 0 });
  });

  describe('validation (422, nothing written)', () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await signUp(server);
    });
    afterEach(async () => {
      expect(await allReadings(server, u)).toHaveLength(0);
    });

    test('readings is required and must be an array', async () => {
      expect422(await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({}), ['body', 'readings']);
      expect422(await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings: 'x' }), ['body', 'readings']);
    });

    test.each([
      ['metric_type_slug', { metric_type_slug: undefined }],
      ['recorded_at', { recorded_at: undefined }],
      ['recorded_at', { recorded_at: '2026-03-01T12:00:00' }],
      ['recorded_at', { recorded_at: 'yesterday' }],
      ['source', { source: undefined }],
      ['source', { source: '  ' }],
      ['value', { value: undefined }],
      ['value', { value: '12' }],
      ['metadata', { metadata: 'x' }],
      ['reading_group_id', { reading_group_id: 'not-a-uuid' }],
      ['source_id', { source_id: '' }],
      ['unit', { unit: 5 }],
    ])('%s: %j', async (field, override) => {
      const bad = { ...reading(), ...override };
      const res = await ingest(server, u, [reading({ source_id: 'ok' }), bad]);
      expect422(res, ['body', 'readings', 1, field]);
    });

    test('an unknown metric slug points at that reading', async () => {
      const res = await ingest(server, u, [reading(), reading({ metric_type_slug: 'happiness' })]);
      expect422(res, ['body', 'readings', 1, 'metric_type_slug']);
    });

    test('a unit that cannot convert points at that reading', async () => {
      const readings = [
        reading(),
        reading(),
        reading({ metric_type_slug: 'weight', unit: 'kg', value: 70 }),
        reading({ metric_type_slug: 'weight', unit: 'cups', value: 70 }),
      ];
      const res = await ingest(server, u, readings);
      expect422(res, ['body', 'readings', 3, 'unit']);
      expect(res.body.detail[0].msg).toContain('kg');
    });

    test('a negative value of a non-negative metric', async () => {
      expect422(await ingest(server, u, [reading({ value: -5 })]), ['body', 'readings', 0, 'value']);
    });

    test('10,001 readings are refused and nothing is written', async () => {
      const readings = Array.from({ length: 10_001 }, () => ({
        metric_type_slug: 'mood',
        recorded_at: '2026-03-01T12:00:00Z',
        source: 's',
        value: 5,
      }));
      expect422(await ingest(server, u, readings), ['body', 'readings']);
    });
  });

  test('10,000 readings are accepted in one request', async () => {
    const u = await signUp(server);
    // Compact readings: the request stays under the 1 MiB body limit app.ts applies today.
    const readings = Array.from({ length: 10_000 }, (_, i) => ({
      metric_type_slug: 'mood',
      recorded_at: '2026-03-01T12:00:00Z',
      source: 's',
      value: i % 10,
    }));
    const res = await ingest(server, u, readings);
    expect(res.status).toBe(200);
    expect(res.body.created).toHaveLength(10_000);
    expect(res.body.skipped_count).toBe(0);
    expect(res.body.created.slice(0, 3).map((r: { value: number }) => r.value)).toEqual([0, 1, 2]);
    const day = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
    expect(day.body.mood).toBe(4.5);
  });

  describe('dedup on (user, source, source_id)', () => {
    test('within one batch: the first occurrence wins', async () => {
      const u = await signUp(server);
      const body = await ingestOk(server, u, [
        reading({ source_id: 'a', value: 1 }),
        reading({ source_id: 'b', value: 2 }),
        reading({ source_id: 'a', value: 3 }),
        reading({ source_id: 'a', value: 4 }),
      ]);
      expect(body.created.map((r) => [r.source_id, r.value])).toEqual([
        ['a', 1],
        ['b', 2],
      ]);
      expect(body.skipped_count).toBe(2);
      expect(await allReadings(server, u)).toHaveLength(2);
    });

    test('across batches, and only created rows are returned', async () => {
      const u = await signUp(server);
      const first = await ingestOk(server, u, [reading({ source_id: 'a' }), reading({ source_id: 'b' })]);
      expect(first.created).toHaveLength(2);
      const second = await ingestOk(server, u, [reading({ source_id: 'b' }), reading({ source_id: 'c' }), reading({ source_id: 'a' })]);
      expect(second.created.map((r) => r.source_id)).toEqual(['c']);
      expect(second.skipped_count).toBe(2);
      expect(await allReadings(server, u)).toHaveLength(3);
    });

    test('the same source_id from another source, or another user, is a different reading', async () => {
      const u = await signUp(server);
      const other = await signUp(server);
      await ingestOk(server, u, [reading({ source: 'watch', source_id: 'x' })]);
      const res = await ingestOk(server, u, [reading({ source: 'phone', source_id: 'x' })]);
      expect(res.created).toHaveLength(1);
      expect((await ingestOk(server, other, [reading({ source: 'watch', source_id: 'x' })])).created).toHaveLength(1);
    });

    test('readings without a source_id are never skipped', async () => {
      const u = await signUp(server);
      await ingestOk(server, u, [reading(), reading()]);
      const res = await ingestOk(server, u, [reading()]);
      expect(res).toMatchObject({ skipped_count: 0 });
      expect(await allReadings(server, u)).toHaveLength(3);
    });

    test('across 8 concurrent batches: exact counts', async () => {
      const u = await signUp(server);
      // Every batch carries the same 100 shared keys (in its own order) plus 50 keys of its own.
      const batches = Array.from({ length: 8 }, (_, b) => {
        const shared = Array.from({ length: 100 }, (_, i) => reading({ source_id: `shared-${(i * 37 + b * 11) % 100}`, value: b }));
        const own = Array.from({ length: 50 }, (_, i) => reading({ source_id: `own-${b}-${i}`, value: b }));
        return b % 2 ? [...own, ...shared] : [...shared, ...own];
      });
      const results = await Promise.all(batches.map((batch) => ingestOk(server, u, batch)));
      const created = results.reduce((n, r) => n + r.created.length, 0);
      const skipped = results.reduce((n, r) => n + r.skipped_count, 0);
      expect(created).toBe(100 + 8 * 50);
      expect(skipped).toBe(7 * 100);
      const ids = results.flatMap((r) => r.created.map((c) => c.source_id));
      expect(new Set(ids).size).toBe(500);
      const stored = await allReadings(server, u);
      expect(stored).toHaveLength(500);
      expect(new Set(stored.map((r) => r.source_id)).size).toBe(500);
      // The per-day rollup saw each stored reading exactly once.
      const day = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
      expect(day.body.resolution.steps.sources.watch).toBe(stored.reduce((n, r) => n + r.value, 0));
    });
  });

  test('Prefer: return=minimal answers the counts only, and writes the same', async () => {
    const u = await signUp(server);
    const batch = [reading({ source_id: 'a' }), reading({ source_id: 'b', value: 2 }), reading({ source_id: 'a' })];
    const post = (prefer: string, readings = batch, auth = u.auth) =>
      server.api().post(`/users/${u.id}/health/metrics`).set(auth).set('Prefer', prefer).send({ readings });
    const first = await post('return=minimal');
    expect(first.status).toBe(200);
    expect(first.headers['preference-applied']).toBe('return=minimal');
    expect(first.body).toEqual({ created_count: 2, skipped_count: 1 });
    expect((await allReadings(server, u)).map((r) => [r.source_id, r.value]).sort()).toEqual([
      ['a', 1000],
      ['b', 2],
    ]);
    // Among other preferences, any case; re-posted, all skipped.
    const again = await post('respond-async, RETURN=minimal; x=1');
    expect(again.body).toEqual({ created_count: 0, skipped_count: 3 });
    // Anything else (return=representation, an unknown preference) is the full answer, without Preference-Applied.
    for (const prefer of ['return=representation', 'return=minimalist', 'wait=5']) {
      const full = await post(prefer);
      expect(full.headers['preference-applied']).toBeUndefined();
      expect(full.body).toEqual({ created: [], skipped_count: 3 });
    }
    // Validation, authorization and the write budget are the same as without it.
    const other = await signUp(server);
    expectError(await post('return=minimal', batch, other.auth), 403);
    expect422(await post('return=minimal', [reading({ value: -1 })]), ['body', 'readings', 0, 'value']);
  });

  test("401 without a token, 403 with another user's token", async () => {
    const u = await signUp(server);
    const other = await signUp(server);
    expectError(
      await server
        .api()
        .post(`/users/${u.id}/health/metrics`)
        .send({ readings: [reading()] }),
      401,
    );
    expectError(
      await server
        .api()
        .post(`/users/${u.id}/health/metrics`)
        .set(other.auth)
        .send({ readings: [reading()] }),
      403,
    );
    expect(await allReadings(server, u)).toHaveLength(0);
  });
  test('the answer shows each created reading exactly as GET shows it, whatever its strings hold', async () => {
    const u = await signUp(server);
    const group = randomUUID();
    const awkward = ['say "hi"', 'back\\slash', 'tab\there', 'line\nbreak', 'sep\u2028arator', 'émoji 🏃', '</script>'];
    const sent = awkward.map((text, i) =>
      reading({
        metric_type_slug: i % 2 ? 'heart_rate' : 'steps',
        value: [0.1, 1e21, 72, 1234.5678, 3, 5e-7, 99][i],
        source: text,
        source_id: `${text} #${i}`,
        recorded_at: `2026-03-0${i + 1}T07:30:00.123456+02:00`,
        metadata: i % 3 ? { note: text, nested: { list: [1, 'two', null, true], empty: {} } } : undefined,
        reading_group_id: i % 2 ? group : null,
      }),
    );
    const posted = await ingestOk(server, u, sent);
    const listed = await allReadings(server, u);
    expect(posted.created).toHaveLength(awkward.length);
    const byId = new Map(listed.map((r) => [r.id, r]));
    for (const created of posted.created) expect(created).toStrictEqual(byId.get(created.id));
    expect(posted.created.map((r) => byId.get(r.id)!.source)).toEqual(awkward);
  });
});

describe('GET /users/{user_id}/health/metrics', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await signUp(server, { timezone: 'America/New_York' });
    await ingestOk(server, u, [
      reading({ source_id: '1', recorded_at: '2026-03-01T03:00:00Z', value: 1 }), // local 2026-02-28
      reading({ source_id: '2', recorded_at: '2026-03-01T15:00:00Z', value: 2 }),
      reading({ source_id: '3', recorded_at: '2026-03-02T15:00:00Z', value: 3, source: 'phone' }),
      reading({ source_id: '4', recorded_at: '2026-03-02T16:00:00Z', value: 4, metric_type_slug: 'mood' }),
    ]);
  });

  test('newest first, with filters', async () => {
    const get = async (q: string) => {
      const res = await server.api().get(`/users/${u.id}/health/metrics${q}`).set(u.auth);
      expect(res.status).toBe(200);
      return res.body.map((r: { value: number }) => r.value);
    };
    expect(await get('')).toEqual([4, 3, 2, 1]);
    expect(await get('?metric=steps')).toEqual([3, 2, 1]);
    expect(await get('?source=phone')).toEqual([3]);
    expect(await get('?from=2026-03-01&to=2026-03-01')).toEqual([2]);
    expect(await get('?from=2026-03-01T00:00:00Z&to=2026-03-02T15:00:00Z')).toEqual([2, 1]);
    expect(await get('?limit=2&offset=1')).toEqual([3, 2]);
  });

  test.each([
    ['metric', '?metric=happiness'],
    ['from', '?from=soon'],
    ['to', '?to=2026-13-01'],
    ['limit', '?limit=0'],
    ['limit', '?limit=501'],
    ['offset', '?offset=-1'],
  ])('422 at query.%s (%s)', async (field, q) => {
    expect422(await server.api().get(`/users/${u.id}/health/metrics${q}`).set(u.auth), ['query', field]);
  });

  test('401 and 403', async () => {
    const other = await signUp(server);
    expectError(await server.api().get(`/users/${u.id}/health/metrics`), 401);
    expectError(await server.api().get(`/users/${u.id}/health/metrics`).set(other.auth), 403);
  });
});
