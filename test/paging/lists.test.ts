import { captureParsed } from '../captures/flow.ts';
import { gqlData } from '../helpers/graphql.ts';
import { eventsFeed, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Every long list pages by cursor: following the Link header (or next_cursor) two at a time gives
 * exactly the list read in one go, in its order; GraphQL's *Page fields walk the same pages.
 */
let server: HttpServer;
let u: TestUser;
let ics: IcsServer;
withServer((f) => ({ server, owner: u } = f), { timezone: 'Europe/Berlin' });
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 });
});
afterAll(() => ics?.stop());

const api = (method: 'get' | 'post', path: string, body?: object) => {
  const req = server.api()[method](`/users/${u.id}${path}`).set(u.auth);
  return (body ? req.send(body) : req).then((res) => {
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res;
  });
};
const linkOf = (res: { headers: Record<string, string> }) => /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];

/** The ids of a list read by following its Link headers, `limit` at a time. */
async function walk(path: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = `/users/${u.id}${path}${path.includes('?') ? '&' : '?'}limit=2`;
  while (next) {
    const res = await server.api().get(next).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(2);
    ids.push(...(res.body as { id: string }[]).map((x) => x.id));
    next = linkOf(res);
  }
  return ids;
}
const all = async (path: string) =>
  ((await api('get', `${path}${path.includes('?') ? '&' : '?'}limit=500`)).body as { id: string }[]).map((x) => x.id);

let placeId: string;
beforeAll(async () => {
  for (let i = 0; i < 5; i++) await api('post', '/events', { notes: `e${i}`, occurred_at: `2026-11-0${i + 1}T10:00:00Z` });
  // Two events at the same instant: the id breaks the tie.
  await api('post', '/events', { notes: 'same-a', occurred_at: '2026-11-03T10:00:00Z' });
  for (const text of ['slept 7 hours', 'walked 5000 steps', 'weight 72 kg', 'had 2 coffees', 'ran 5k'])
    await captureParsed(server, u, text);
  ics.serve('/paging.ics', eventsFeed([1, 2, 3, 4, 5].map((day) => ({ uid: `paging-${day}`, day }))));
  const feed = await api('post', '/event-sources', { source_label: 'Paging', config: { url: `${ics.url}/paging.ics` } });
  await api('post', `/event-sources/${feed.body.id}/sync`);
  placeId = (await api('post', '/places', { name: 'Gym', lat: 52.5, lng: 13.4 })).body.id;
  for (let i = 0; i < 5; i++) await api('post', `/places/${placeId}/visits`, { occurred_at: `2026-11-0${i + 1}T08:00:00Z` });
  await api('post', '/health/metrics', {
    readings: [1, 2, 3, 4, 5, 6].map((d) => ({
      metric_type_slug: 'steps',
      recorded_at: `2026-11-0${Math.min(d, 5)}T12:00:00Z`,
      value: d * 1000,
      source: 'watch',
      source_id: `paging-${d}`,
    })),
  });
  for (const start of ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02']) {
    await api('post', '/narratives', { period_start: start, narrative_text: `Week of ${start}.` });
  }
}, 120_000);

test.each([
  ['events', '/events'],
  ['log captures', '/log-captures'],
  ['calendar events', '/calendar/events'],
  ['a place’s visits', () => `/places/${placeId}/visits`],
  ['the location history', '/location-history'],
  ['narratives', '/narratives'],
  ['readings', '/health/metrics'],
])('%s: a cursor walk two at a time is the whole list, in order', async (_what, path) => {
  const p = typeof path === 'function' ? path() : path;
  const whole = await all(p);
  expect(whole.length).toBeGreaterThanOrEqual(5);
  expect(await walk(p)).toEqual(whole);
});

test('readings microseconds apart in one millisecond: a cursor walk sees each once', async () => {
  await api('post', '/health/metrics', {
    readings: [1, 3, 5, 7, 9].map((us) => ({
      metric_type_slug: 'steps',
      recorded_at: `2026-10-01T09:00:00.000${us}Z`,
      value: us,
      source: 'micro',
      source_id: `micro-${us}`,
    })),
  });
  const whole = await all('/health/metrics?source=micro');
  expect(whole).toHaveLength(5);
  expect(await walk('/health/metrics?source=micro')).toEqual(whole);
});

test('suggestions: next_cursor in the answer walks the inbox as one read does', async () => {
  const whole = (await api('get', '/suggestions?status=accepted&limit=500')).body;
  const pending = (await api('get', '/suggestions?limit=500')).body.suggestions.map((s: { id: string }) => s.id);
  expect(pending.length).toBeGreaterThanOrEqual(5);
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { pending_count: number; suggestions: { id: string }[]; next_cursor: string | null } = (
      await api('get', `/suggestions?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
    ).body;
    expect(page.pending_count).toBe(pending.length);
    ids.push(...page.suggestions.map((s) => s.id));
    cursor = page.next_cursor;
  } while (cursor);
  expect(ids).toEqual(pending);
  expect(whole.next_cursor).toBeNull();
});

test('GraphQL *Page fields walk the same pages as REST', async () => {
  const fields: [string, string, string][] = [
    ['eventsPage', '', '/events'],
    ['logCapturesPage', '', '/log-captures'],
    ['calendarEventsPage', '', '/calendar/events'],
    ['placeVisitsPage', `placeId: "${placeId}", `, `/places/${placeId}/visits`],
    ['locationHistoryPage', '', '/location-history'],
    ['narrativesPage', '', '/narratives'],
  ];
  for (const [field, args, path] of fields) {
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { me }: Record<string, any> = await gqlData(
        server,
        u,
        `query($after: String) { me { ${field}(${args}limit: 2, after: $after) { items { id } pageInfo { endCursor hasNextPage } } } }`,
        { after },
      );
      ids.push(...me[field].items.map((x: { id: string }) => x.id));
      if (!me[field].pageInfo.hasNextPage) break;
      after = me[field].pageInfo.endCursor;
    }
    expect(ids).toEqual(await all(path));
  }
  const { me } = await gqlData(server, u, `{ me { suggestions(limit: 2) { items { id } pageInfo { endCursor hasNextPage } } } }`);
  const second = await gqlData(server, u, `query($after: String) { me { suggestions(limit: 2, after: $after) { items { id } } } }`, {
    after: me.suggestions.pageInfo.endCursor,
  });
  const pending = (await api('get', '/suggestions?limit=4')).body.suggestions.map((s: { id: string }) => s.id);
  expect([...me.suggestions.items, ...second.me.suggestions.items].map((s: { id: string }) => s.id)).toEqual(pending);
});
