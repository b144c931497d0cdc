import { SaxesParser } from 'saxes';
import type { Response } from 'supertest';
import { binary } from '../helpers/zip.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f), { timezone: 'Europe/Berlin' });

/** The answer's bytes as text (supertest leaves an image body unparsed); an error answer's JSON as JSON. */
const text = (res: Response, done: (err: Error | null, body: unknown) => void) =>
  binary(res, (err, bytes) => {
    const body = bytes.toString('utf8');
    done(err, /json/.test(String(res.headers['content-type'])) ? JSON.parse(body) : body);
  });
const chart = (user: TestUser, path: string, headers: Record<string, string> = {}) =>
  server.api().get(`/users/${u.id}/charts/${path}`).set(user.auth).set(headers).buffer(true).parse(text);

/** Well-formed XML, or the parser's error: an SVG that a browser would refuse fails here. */
function elements(svg: string): { name: string; attributes: Record<string, string>; text: string }[] {
  const found: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: { text: string }[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (t) => {
    const element = { name: t.name, attributes: t.attributes as Record<string, string>, text: '' };
    found.push(element);
    open.push(element);
  });
  parser.on('closetag', () => open.pop());
  parser.on('text', (t) => {
    if (open.length) open[open.length - 1].text += t;
  });
  parser.write(svg).close();
  return found;
}

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** Steps on Jan 1-10 and 15-20 (days 11-14 have none), weight every day of January. */
beforeAll(async () => {
  const steps = [...Array(10).keys(), ...[14, 15, 16, 17, 18, 19]].map((i) =>
    reading({ recorded_at: `${day(i)}T12:00:00Z`, value: 4000 + i * 500, source_id: `s${i}` }),
  );
  const weight = [...Array(31).keys()].map((i) =>
    reading({
      metric_type_slug: 'weight',
      unit: 'kg',
      recorded_at: `${day(i)}T07:00:00Z`,
      value: 80 - i * 0.1,
      source: 'scale',
      source_id: `w${i}`,
    }),
  );
  await ingestOk(server, u, [...steps, ...weight]);
  const goal = await server.api().put(`/users/${u.id}/goals/steps`).set(u.auth).send({ target: 8000, direction: 'at_least' });
  expect(goal.status).toBe(200);
});

test('a line: SVG with an ETag, the line broken where days have no value, the goal as a band, and the same bytes every time', async () => {
  const res = await chart(u, 'metrics/steps?from=2026-01-01&to=2026-01-31');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
  const svg = res.body as string;
  const els = elements(svg);
  expect(els[0]).toMatchObject({ name: 'svg', attributes: { role: 'img', 'aria-labelledby': 't d' } });
  // Two runs of days with a value (1-10, 15-20): two sub-paths, never a line across the gap.
  const path = els.find((e) => e.attributes.class === 'line')!.attributes.d;
  expect(path.match(/M/g)).toHaveLength(2);
  expect(path.match(/L/g)).toHaveLength(9 + 5);
  // The four days without a value and the 11 after the 20th are shaded, and said.
  expect(els.filter((e) => e.attributes.class === 'gap')).toHaveLength(2);
  expect(els.find((e) => e.name === 'desc')!.text).toBe(
    'Steps: 16 days with data, 15 days without data; min 4,000, max 13,500 count; Goal: at least 8,000 count',
  );
  expect(els.some((e) => e.name === 'text' && e.text === 'Goal: at least 8,000 count')).toBe(true);
  expect(els.some((e) => e.name === 'pattern' && e.attributes.id === 'band')).toBe(true);
  // Deterministic: the same data and settings give the same bytes, and so the same ETag.
  const again = await chart(u, 'metrics/steps?from=2026-01-01&to=2026-01-31');
  expect(again.body).toBe(svg);
  expect(again.headers.etag).toBe(res.headers.etag);
  // A client holding it revalidates for nothing.
  const cached = await chart(u, 'metrics/steps?from=2026-01-01&to=2026-01-31', { 'If-None-Match': res.headers.etag });
  expect(cached.status).toBe(304);
  expect(cached.body).toBe('');
});

test('new data changes the bytes and the ETag', async () => {
  const before = await chart(u, 'metrics/weight?from=2026-02-01&to=2026-02-07');
  await ingestOk(server, u, [
    reading({
      metric_type_slug: 'weight',
      unit: 'kg',
      recorded_at: '2026-02-03T07:00:00Z',
      value: 77,
      source: 'scale',
      source_id: 'w-feb',
    }),
  ]);
  const after = await chart(u, 'metrics/weight?from=2026-02-01&to=2026-02-07');
  expect(after.headers.etag).not.toBe(before.headers.etag);
  expect(after.body).toContain('1 days with data, 6 days without data');
  expect(before.body).toContain('0 days with data, 7 days without data');
});

test("a sparkline: 120 by 32, no axes, the last day's value in its description", async () => {
  const res = await chart(u, 'metrics/weight/sparkline?from=2026-01-01&to=2026-01-31');
  expect(res.status).toBe(200);
  const els = elements(res.body as string);
  expect(els[0].attributes).toMatchObject({ width: '120', height: '32' });
  expect(els.filter((e) => e.name === 'path')).toHaveLength(1);
  expect(els.filter((e) => e.name === 'text')).toHaveLength(0);
  expect(els.find((e) => e.name === 'desc')!.text).toBe('Weight: 31 days with data; 77 kg (Jan 31)');
});

test('a heatmap of a year of daily values: every day a cell with its value, days without data outlined, under 50 KB', async () => {
  const year = [...Array(365).keys()].map((i) =>
    reading({
      metric_type_slug: 'water',
      unit: 'ml',
      recorded_at: `${new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}T09:00:00Z`,
      value: i % 9 === 0 ? 0 : 500 + (i % 7) * 250,
      source_id: `h${i}`,
    }),
  );
  await ingestOk(
    server,
    u,
    year.filter((_, i) => i % 30 !== 29),
  );
  for (const path of ['metrics/water/heatmap?from=2025-01-01&to=2025-12-31', 'metrics/water?from=2025-01-01&to=2025-12-31']) {
    const res = await chart(u, path);
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.body as string)).toBeLessThan(50_000);
  }
  const els = elements((await chart(u, 'metrics/water/heatmap?from=2025-01-01&to=2025-12-31')).body as string);
  const cells = els.filter((e) => e.name === 'rect' && e.attributes.width === '11' && !('x' in e.attributes));
  expect(cells).toHaveLength(365);
  expect(cells.filter((c) => c.attributes.class === 'na')).toHaveLength(12);
  expect(cells.filter((c) => c.attributes.class === 'l0').length).toBeGreaterThan(30);
  // Readable without colour: the legend names every level's range, and "no data".
  const legend = els.filter((e) => e.name === 'text' && e.attributes['font-size'] === '10').map((e) => e.text);
  expect(legend).toEqual([
    '0',
    expect.stringMatching(/^≤ /),
    expect.stringMatching(/^≤ /),
    expect.stringMatching(/^≤ /),
    expect.stringMatching(/^> /),
    'no data',
  ]);
  expect(els.filter((e) => e.name === 'title').map((e) => e.text)).toContain('Jan 1, 2025: 0 ml');
});

test("a tag's heatmap counts its events per day; the tag is the user's text, escaped", async () => {
  const tag = '<script>alert("x")</script>&';
  for (const at of ['2026-03-02T08:00:00Z', '2026-03-02T18:00:00Z', '2026-03-05T08:00:00Z']) {
    const res = await server
      .api()
      .post(`/users/${u.id}/events`)
      .set(u.auth)
      .send({ occurred_at: at, tags: [tag] });
    expect(res.status).toBe(201);
  }
  const res = await chart(u, `tags/${encodeURIComponent(tag)}/heatmap?from=2026-03-01&to=2026-03-31`);
  expect(res.status).toBe(200);
  const svg = res.body as string;
  expect(svg).not.toContain('<script');
  const els = elements(svg);
  expect(els.some((e) => e.name === 'script')).toBe(false);
  expect(els.find((e) => e.name === 'desc')!.text).toBe(`#${tag}: 3 events; days with data: 2 / 31`);
  const titles = els.filter((e) => e.name === 'title').map((e) => e.text);
  expect(titles).toContain('Mar 2, 2026: 2 events');
  expect(titles).toContain('Mar 3, 2026: 0 events');
  // Counts 2 and 1: tied quartiles leave a level no day reaches, which the legend leaves out.
  const legend = els.filter((e) => e.name === 'text' && e.attributes['font-size'] === '10').map((e) => e.text);
  expect(legend).toEqual(['0', '≤ 1', '≤ 2', '> 2']);

  // The tag as events carry it: '#Tag' and 'tag' are one; a tag no event ever carried is unknown.
  const same = await chart(u, `tags/${encodeURIComponent('#' + tag.toUpperCase())}/heatmap?from=2026-03-01&to=2026-03-31`);
  expect(same.status).toBe(200);
  expectError(await chart(u, 'tags/never-used/heatmap'), 404);
  expect422(await chart(u, `tags/${'x'.repeat(65)}/heatmap`), ['path', 'tag']);
});

test("a goal's history: each day its outcome, by pattern as well as colour; no goal, 404", async () => {
  const res = await chart(u, 'goals/steps/heatmap?from=2026-01-01&to=2026-01-20');
  expect(res.status).toBe(200);
  const els = elements(res.body as string);
  const cells = els.filter((e) => e.name === 'rect' && e.attributes.width === '11' && !('x' in e.attributes));
  expect(cells).toHaveLength(20);
  // 8,000 is met from Jan 9 (4,000 + 8 * 500) to the 10th and on the 15th-20th; the rest missed.
  expect(cells.filter((c) => c.attributes.class === 'met')).toHaveLength(2 + 6);
  expect(cells.filter((c) => c.attributes.class === 'missed')).toHaveLength(12);
  expect(els.some((e) => e.name === 'pattern' && e.attributes.id === 'missed')).toBe(true);
  expectError(await chart(u, 'goals/weight/heatmap'), 404);
  expectError(await chart(u, 'metrics/happiness'), 404);
});

test("in the user's language: words, numbers and dates", async () => {
  expect((await server.api().patch(`/users/${u.id}/profile`).set(u.auth).send({ language: 'de' })).status).toBe(200);
  try {
    const svg = (await chart(u, 'metrics/steps?from=2026-01-01&to=2026-01-31')).body as string;
    expect(svg).toContain('Ziel: mindestens 8.000 count');
    expect(svg).toContain('16 Tage mit Daten, 15 Tage ohne Daten');
    expect(svg).toContain('1. Jan. 2026 – 31. Jan. 2026');
  } finally {
    await server.api().patch(`/users/${u.id}/profile`).set(u.auth).send({ language: 'en' });
  }
});

test('the period: defaults, and what is refused', async () => {
  const res = await chart(u, 'metrics/steps');
  expect(res.status).toBe(200);
  expect(elements(res.body as string).find((e) => e.name === 'desc')!.text).toMatch(/^Steps: \d+ days with data, \d+ days without data/);
  expect422(await chart(u, 'metrics/steps?from=2026-02-01&to=2026-01-01'), ['query', 'to']);
  expect422(await chart(u, 'metrics/steps?from=2026-13-01'), ['query', 'from']);
  expect422(await chart(u, 'metrics/steps/heatmap?from=2020-01-01&to=2026-01-01'), ['query', 'to']);
  expect422(await chart(u, 'tags/x/heatmap?to=yesterday'), ['query', 'to']);
});

test("another user's token is refused on every chart; no token, 401", async () => {
  for (const path of ['metrics/steps', 'metrics/steps/sparkline', 'metrics/steps/heatmap', 'tags/x/heatmap', 'goals/steps/heatmap']) {
    expectError(await chart(other, path), 403);
    expectError(await server.api().get(`/users/${u.id}/charts/${path}`), 401);
  }
});

test("GraphQL gives each chart's URL beside the data; fetched with the same token it is the same document", async () => {
  expect(
    (
      await server
        .api()
        .post(`/users/${u.id}/events`)
        .set(u.auth)
        .send({ occurred_at: '2026-03-01T08:00:00Z', tags: ['a b/c'] })
    ).status,
  ).toBe(201);
  const data = await gqlData(
    server,
    u,
    `{ me { metricDefinitions { metricType { slug } charts(from: "2026-01-01", to: "2026-01-31") { line sparkline heatmap } }
            goals { slug chart(from: "2026-01-01") }
            tagChart(tag: "a b/c", to: "2026-03-31") } }`,
  );
  const steps = data.me.metricDefinitions.find((d: { metricType: { slug: string } }) => d.metricType.slug === 'steps');
  expect(steps.charts).toEqual({
    line: `/users/${u.id}/charts/metrics/steps?from=2026-01-01&to=2026-01-31`,
    sparkline: `/users/${u.id}/charts/metrics/steps/sparkline?from=2026-01-01&to=2026-01-31`,
    heatmap: `/users/${u.id}/charts/metrics/steps/heatmap?from=2026-01-01&to=2026-01-31`,
  });
  expect(data.me.goals.find((g: { slug: string }) => g.slug === 'steps').chart).toBe(
    `/users/${u.id}/charts/goals/steps/heatmap?from=2026-01-01`,
  );
  expect(data.me.tagChart).toBe(`/users/${u.id}/charts/tags/a%20b%2Fc/heatmap?to=2026-03-31`);
  const viaLink = await server.api().get(steps.charts.line).set(u.auth).buffer(true).parse(text);
  expect(viaLink.body).toBe((await chart(u, 'metrics/steps?from=2026-01-01&to=2026-01-31')).body);
  expect((await server.api().get(data.me.tagChart).set(u.auth)).status).toBe(200);

  const bad = await gqlError(server, u, '{ me { tagChart(tag: "x", from: "2026-02-01", to: "2026-01-01") } }');
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(['to']);
});
