import { isNonPublicAddress } from '../../src/domain/calendar/egress.ts';
import { eventsFeed, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Feed URLs are typed in by users and fetched by the server: with the default
 * CALENDAR_FEED_NETWORKS=public it never connects to a loopback, private, link-local or reserved
 * address, whether the URL names it or a host name resolves to it (redirects pass the same check;
 * no test here has a public first hop to redirect from). The refusal is the source's sync error,
 * like any other feed failure; nothing is fetched or written.
 */
let server: TestServer;
let owner: TestUser;
let ics: IcsServer;
withServer(
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

test.each([
  ['an IP literal on loopback', () => `http://127.0.0.1:${port()}/cal.ics`, '127.0.0.1'],
  ['a host name that resolves to loopback', () => `http://localhost:${port()}/cal.ics`, /127\.0\.0\.1|::1/],
  ['an IPv6 loopback literal', () => `http://[::1]:${port()}/cal.ics`, '::1'],
  ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ['a private LAN address', () => 'http://192.168.1.10/cal.ics', '192.168.1.10'],
  ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/cal.ics`, '::ffff:7f00:1'],
])('a feed at %s is refused with the reason on the source; nothing is fetched or stored', async (_label, url, address) => {
  const before = ics.requests.length;
  const added = await server
    .api()
    .post(`/users/${owner.id}/event-sources`)
    .set(owner.auth)
    .send({ source_label: 'Mine', config: { url: url() } });
  expect(added.status).toBe(201);
  const synced = await server.api().post(`/users/${owner.id}/event-sources/${added.body.id}/sync`).set(owner.auth);
  expect(synced.status).toBe(200);
  expect(synced.body).toMatchObject({ last_sync_status: 'error', last_sync_event_count: null });
  expect(synced.body.last_sync_error).toMatch(/is not on the public internet \(CALENDAR_FEED_NETWORKS=any allows it\)/);
  expect(synced.body.last_sync_error).toMatch(address);
  expect(ics.requests.length).toBe(before);
  const events = await server.api().get(`/users/${owner.id}/calendar/events?include_cancelled=true`).set(owner.auth);
  expect(events.body.filter((e: { calendar_id: string }) => e.calendar_id === added.body.id)).toEqual([]);
});

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
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    'not an address',
  ];
  const isPublic = [
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ];
  expect(nonPublic.filter((a) => !isNonPublicAddress(a))).toEqual([]);
  expect(isPublic.filter((a) => isNonPublicAddress(a))).toEqual([]);
});
