import { randomUUID } from 'node:crypto';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { allReadings, ingest } from '../metrics/support.ts';

let server: SharedServer;

withSharedServer((s) => (server = s));

const tricky = [
  'NULL',
  'null',
  'a,b',
  '{x}',
  'say "hi"',
  'back\\slash',
  ' lead',
  'tail ',
  'tab\there',
  'ünïcødé ✓',
  "quote'",
  'a b',
  '\\"',
  'NuLl',
];

// The ingest writes its own array literals (ingest.service.ts): text that array syntax or
// node-postgres would quote differently must come back exactly as sent.
test('text with quotes, commas, braces, backslashes, NULL and unicode round-trips', async () => {
  const u = await signUp(server);
  const group = randomUUID();
  const readings: Record<string, unknown>[] = tricky.map((t, i) => ({
    metric_type_slug: i % 2 ? 'steps' : 'weight',
    recorded_at: ['2026-03-01T07:30:00+01:00', '2026-03-01T07:30:00.123456Z', '2026-03-01T07:30:00.1-05:30', '2026-03-01T23:59:59.999Z'][
      i % 4
    ],
    value: i % 2 ? 1000 + i : 150.5 + i,
    unit: i % 2 ? null : 'lb',
    source: ` src ${t} `,
    source_id: `${t}-${i}`,
    metadata: i % 3 ? { note: t, nested: { list: [1, t, null] }, [t]: i } : undefined,
    reading_group_id: i % 2 ? group : null,
    extra_field: 'ignored',
  }));
  const res = await ingest(server, u, readings);
  expect(res.status).toBe(200);
  expect(res.body.created).toHaveLength(tricky.length);
  const listed = await allReadings(server, u);
  for (const c of res.body.created) {
    const back = listed.find((r) => r.id === c.id);
    expect(back).toEqual(c);
  }
  res.body.created.forEach((c: any, i: number) => {
    expect(c.source).toBe(`src ${tricky[i]}`.trim());
    expect(c.source_id).toBe(`${tricky[i]}-${i}`);
  });
});

test('a batch the quick check defers to the schema gives the same rows', async () => {
  const u = await signUp(server);
  const v = await signUp(server);
  const base = tricky.map((t, i) => ({
    metric_type_slug: 'steps',
    recorded_at: '2026-03-01T07:30:00Z',
    value: i,
    source: t.trim() ? t : 'x',
    source_id: t,
    metadata: { t },
  }));
  // metadata with an own __proto__ key: the schema drops it, so the quick check defers the whole batch
  const withProto = [
    ...base,
    JSON.parse(
      '{"metric_type_slug":"steps","recorded_at":"2026-03-01T07:30:00Z","value":1,"source":"p","source_id":"p","metadata":{"__proto__":{"a":1},"b":2}}',
    ),
  ];
  const a = await server
    .api()
    .post(`/users/${u.id}/health/metrics`)
    .set(u.auth)
    .set('content-type', 'application/json')
    .send(JSON.stringify({ readings: withProto }));
  expect(a.status).toBe(200);
  const b = await ingest(server, v, base);
  expect(b.status).toBe(200);
  const strip = (r: any) => ({ ...r, id: undefined, user_id: undefined, created_at: undefined, updated_at: undefined });
  expect(a.body.created.slice(0, base.length).map(strip)).toEqual(b.body.created.map(strip));
  expect(a.body.created.at(-1).metadata).toEqual({ b: 2 });
  const listed = await allReadings(server, u);
  expect((listed.find((r: any) => r.source_id === 'p') as any).metadata).toEqual({ b: 2 });
});

test('partial duplicates: positions and local days line up', async () => {
  const u = await signUp(server);
  await server.api().patch(`/users/${u.id}`).set(u.auth).send({ timezone: 'Pacific/Kiritimati' });
  const first = await ingest(
    server,
    u,
    [0, 2, 4].map((i) => ({
      metric_type_slug: 'steps',
      recorded_at: `2026-03-0${1 + i}T12:00:00Z`,
      value: i,
      source: 's',
      source_id: `k${i}`,
    })),
  );
  expect(first.status).toBe(200);
  const res = await ingest(
    server,
    u,
    [0, 1, 2, 3, 4, 5].map((i) => ({
      metric_type_slug: 'steps',
      recorded_at: `2026-03-0${1 + i}T12:00:00Z`,
      value: i,
      source: 's',
      source_id: `k${i}`,
    })),
  );
  expect(res.body.created.map((c: any) => c.value)).toEqual([1, 3, 5]);
  expect(res.body.skipped_count).toBe(3);
});

// The answer is written in chunks into a buffer sized for plain readings (json-text.ts): metadata
// far longer than that, in characters of two to four UTF-8 bytes, outgrows it several times.
test('a large answer with long multi-byte metadata is whole and matches what GET shows', async () => {
  const u = await signUp(server);
  const note = 'ünïcødé ✓ 日本語 🙂 '.repeat(40);
  const readings = Array.from({ length: 2000 }, (_, i) => ({
    metric_type_slug: 'steps',
    recorded_at: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
    value: i,
    source: 'wätch ✓',
    source_id: `🙂-${i}`,
    metadata: { note: `${i} ${note}` },
  }));
  const res = await ingest(server, u, readings);
  expect(res.status).toBe(200);
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  expect(res.body.created).toHaveLength(2000);
  expect(res.body.created.map((c: any) => c.metadata.note)).toEqual(readings.map((r) => r.metadata.note));
  const listed = new Map((await allReadings(server, u)).map((r) => [r.id, r]));
  for (const c of res.body.created) expect(listed.get(c.id)).toEqual(c);
});

test('a value in its canonical unit is stored as sent, as with no unit; a real conversion is rounded to 12 digits', async () => {
  const u = await signUp(server);
  const value = 70.12345678901234;
  const res = await ingest(server, u, [
    { metric_type_slug: 'weight', recorded_at: '2026-03-01T07:00:00Z', value, unit: 'kg', source: 's', source_id: 'kg' },
    { metric_type_slug: 'weight', recorded_at: '2026-03-01T07:01:00Z', value, source: 's', source_id: 'none' },
    { metric_type_slug: 'weight', recorded_at: '2026-03-01T07:02:00Z', value: 154.32358352941, unit: 'lb', source: 's', source_id: 'lb' },
  ]);
  expect(res.status).toBe(200);
  expect(res.body.created.map((c: any) => c.value)).toEqual([value, value, 70]);
  const listed = await allReadings(server, u);
  expect(Object.fromEntries(listed.map((r) => [r.source_id, r.value]))).toEqual({ kg: value, none: value, lb: 70 });
});
