import { isNonPublicAddress } from '../../src/core/egress.ts';
import { expect422 } from '../helpers/expect.ts';
import { gqlError } from '../helpers/graphql.ts';
import { eventsFeed, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Feed URLs are typed in by users and fetched by the server: with the default
 * CALENDAR_FEED_NETWORKS=public a URL whose host is, or resolves to, a loopback, private,
 * link-local or reserved address is refused when it is saved (422 at config.url), and the sync
 * still never connects to one (a name can re-resolve later; redirects pass the same check; no test
 * here has a public first hop to redirect from). Nothing is fetched or written.
 */
let server: IsolatedServer;
let owner: TestUser;
let ics: IcsServer;
withIsolatedServer(
  (f) => ({ server, owner } = f),
  {},
  () => ({ calendarFeedNetworks: 'public' }),
);
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 });
  ics.serve('/cal.ics', eventsFeed([{ uid: 'a', day: 1 }]));
});
afterAll(() => ics.stop());

const port = () => new URL(ics.url).port;
const REFUSED = /is not on the public internet \(CALENDAR_FEED_NETWORKS=any allows it\)/;
const sources = () => server.api().get(`/users/${owner.id}/event-sources?limit=500`).set(owner.auth);
const add = (url: string) =>
  server.api().post(`/users/${owner.id}/event-sources`).set(owner.auth).send({ source_label: 'Mine', config: { url } });

test.each([
  ['an IPv4 loopback literal', () => `http://127.0.0.1:${port()}/cal.ics`, '127.0.0.1'],
  ['a shorthand IPv4 loopback (127.1)', () => `http://127.1:${port()}/cal.ics`, '127.0.0.1'],
  ['a decimal IPv4 loopback (2130706433)', () => `http://2130706433:${port()}/cal.ics`, '127.0.0.1'],
  ['an IPv6 loopback literal', () => `http://[::1]:${port()}/cal.ics`, '::1'],
  ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/cal.ics`, '::ffff:7f00:1'],
  ['an IPv4-compatible IPv6 loopback (::/96)', () => `http://[::7f00:1]:${port()}/cal.ics`, '::7f00:1'],
  ['a 6to4 address of loopback (2002::/16)', () => 'http://[2002:7f00:1::]/cal.ics', '2002:7f00:1::'],
  ['a Teredo address (2001::/32)', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/cal.ics', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['a NAT64 address of a private host', () => 'http://[64:ff9b::a00:1]/cal.ics', '64:ff9b::a00:1'],
  ['a 10.x private address', () => 'http://10.1.2.3/cal.ics', '10.1.2.3'],
  ['a private LAN address', () => 'http://192.168.1.10/cal.ics', '192.168.1.10'],
  ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ['a unique-local IPv6 address', () => 'https://[fd12:3456::1]/cal.ics', 'fd12:3456::1'],
  ['a host name that resolves to loopback', () => `http://localhost:${port()}/cal.ics`, /127\.0\.0\.1|::1/],
])(
  'a feed at %s is refused at creation: 422 at config.url naming the address; nothing is fetched or stored',
  async (_label, url, address) => {
    const before = { requests: ics.requests.length, sources: (await sources()).body.length };
    const res = await add(url());
    expect422(res, ['body', 'config', 'url']);
    const issue = res.body.detail.find((d: { loc: string[] }) => d.loc.join('.') === 'body.config.url');
    expect(issue.msg).toMatch(REFUSED);
    expect(issue.msg).toMatch(address);
    expect(ics.requests.length).toBe(before.requests);
    expect((await sources()).body.length).toBe(before.sources);
  },
);

test.each([
  ['an IPv4 literal', 'http://93.184.216.34/cal.ics'],
  ['an IPv6 literal', 'https://[2606:4700:4700::1111]/cal.ics'],
])('a public address (%s) is accepted at creation, without any DNS', async (_label, url) => {
  const res = await add(url);
  expect(res.status).toBe(201);
  expect(res.body.config).toEqual({ url });
});

test('a PATCH that points a feed (an added one or the default calendar source) into the private network is refused the same way', async () => {
  const added = await add('http://93.184.216.34/cal.ics');
  expect(added.status).toBe(201);
  const defaultCalendar = (await sources()).body.find((s: { kind: string; is_default: boolean }) => s.kind === 'calendar' && s.is_default);
  for (const id of [added.body.id, defaultCalendar.id]) {
    const before = (await server.api().get(`/users/${owner.id}/event-sources/${id}`).set(owner.auth)).body;
    const res = await server
      .api()
      .patch(`/users/${owner.id}/event-sources/${id}`)
      .set(owner.auth)
      .send({ config: { url: `http://[::1]:${port()}/cal.ics` } });
    expect422(res, ['body', 'config', 'url']);
    expect(JSON.stringify(res.body.detail)).toMatch(REFUSED);
    expect((await server.api().get(`/users/${owner.id}/event-sources/${id}`).set(owner.auth)).body).toEqual(before);
  }
  const allowed = await server
    .api()
    .patch(`/users/${owner.id}/event-sources/${added.body.id}`)
    .set(owner.auth)
    .send({ config: { url: 'http://1.1.1.1/other.ics' } });
  expect(allowed.status).toBe(200);
});

test('GraphQL createEventSource is refused the same way (BAD_USER_INPUT at input.config.url)', async () => {
  const error = await gqlError(server, owner, 'mutation($input: EventSourceCreateInput!) { createEventSource(input: $input) { id } }', {
    input: { config: { url: `http://127.0.0.1:${port()}/cal.ics` } },
  });
  expect(error.code).toBe('BAD_USER_INPUT');
  expect(error.locs).toEqual(['input.config.url']);
  expect(error.detail![0].msg).toMatch(REFUSED);
});

test.each([
  ['an IP literal on loopback', () => `http://127.0.0.1:${port()}/cal.ics`, '127.0.0.1'],
  ['a host name that resolves to loopback', () => `http://localhost:${port()}/cal.ics`, /127\.0\.0\.1|::1/],
  ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/cal.ics`, '::ffff:7f00:1'],
])(
  'a source already stored with a feed at %s (saved under CALENDAR_FEED_NETWORKS=any, or its name re-resolved) is still refused at sync',
  async (_label, url, address) => {
    const added = await add('http://93.184.216.34/cal.ics');
    expect(added.status).toBe(201);
    await server.sql(`update event_sources set config = $2::jsonb where id = $1`, [added.body.id, JSON.stringify({ url: url() })]);
    const before = ics.requests.length;
    const synced = await server.api().post(`/users/${owner.id}/event-sources/${added.body.id}/sync`).set(owner.auth);
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ last_sync_status: 'error', last_sync_event_count: null });
    expect(synced.body.last_sync_error).toMatch(REFUSED);
    expect(synced.body.last_sync_error).toMatch(address);
    expect(ics.requests.length).toBe(before);
    const events = await server.api().get(`/users/${owner.id}/calendar/events?include_cancelled=true`).set(owner.auth);
    expect(events.body.filter((e: { calendar_id: string }) => e.calendar_id === added.body.id)).toEqual([]);
  },
);

test('which addresses count as public', () => {
  const nonPublic = [
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    // IPv4-compatible (::/96), of loopback and of a public host: deprecated, outside 2000::/3.
    '::7f00:1',
    '::a00:1',
    '::808:808',
    '::ffff:0:7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b::808:808',
    '64:ff9b:1::1',
    '100::1',
    '2001:db8::1',
    '2001:10::1',
    // 6to4 and Teredo, embedding loopback, a private or a public IPv4 address.
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:0:7f00:1::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '4000::1',
    'not an address',
    '',
  ];
  const isPublic = [
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '::ffff:8.8.8.8',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ];
  expect(nonPublic.filter((a) => !isNonPublicAddress(a))).toEqual([]);
  expect(isPublic.filter((a) => isNonPublicAddress(a))).toEqual([]);
});
