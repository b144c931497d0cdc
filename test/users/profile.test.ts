import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const url = () => `/users/${u.id}/profile`;

test('GET returns the profile', async () => {
  const res = await server.api().get(url()).set(u.auth);
  expect(res.body).toEqual({
    id: u.id,
    email: u.email,
    timezone: 'UTC',
    language: 'en',
    week_start: 'monday',
    totp_enabled: false,
    created_at: expect.stringMatching(ISO_UTC),
    updated_at: expect.stringMatching(ISO_UTC),
  });
});

test('PATCH changes the timezone and the spelling of the email; omitted fields stay; login works with either spelling', async () => {
  const tz = await server.api().patch(url()).set(u.auth).send({ timezone: 'America/New_York' });
  expect(tz.body).toMatchObject({ timezone: 'America/New_York', email: u.email });
  const respelled = u.email.toUpperCase();
  const em = await server.api().patch(url()).set(u.auth).send({ email: respelled });
  expect(em.body).toMatchObject({ timezone: 'America/New_York', email: respelled });
  for (const email of [respelled, u.email])
    expect((await server.api().post('/auth/login').send({ email, password: u.password })).status).toBe(200);
  u.email = respelled;
});

test('the timezone drives local_date of new events', async () => {
  await server.api().patch(url()).set(u.auth).send({ timezone: 'Asia/Tokyo' });
  const ev = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ occurred_at: '2026-06-30T20:00:00Z' });
  expect(ev.body.local_date).toBe('2026-07-01');
});

describe('another sign-in address: one answer whether or not an account has it', () => {
  const updateProfile = `mutation ($input: ProfileUpdateInput!) { updateProfile(input: $input) { email } }`;

  test('REST: taken and free are refused alike (403, the same body), and nothing changes', async () => {
    const before = (await server.api().get(url()).set(u.auth)).body;
    const taken = await server.api().patch(url()).set(u.auth).send({ email: other.email.toUpperCase(), timezone: 'Asia/Tokyo' });
    const free = await server
      .api()
      .patch(url())
      .set(u.auth)
      .send({ email: `free-${u.email}`, timezone: 'Asia/Tokyo' });
    expectError(taken, 403);
    expect([free.status, free.body, free.headers['content-type']]).toEqual([taken.status, taken.body, taken.headers['content-type']]);
    expect(taken.body.detail).not.toMatch(/exist|taken|in use/i);
    expect((await server.api().get(url()).set(u.auth)).body).toEqual(before);
    // Any number of tries: nothing is counted, since nothing is learnt.
    for (let i = 0; i < 12; i++)
      expectError(
        await server
          .api()
          .patch(url())
          .set(u.auth)
          .send({ email: `try-${i}-${u.email}` }),
        403,
      );
    expect((await server.api().post('/auth/login').send({ email: u.email, password: u.password })).status).toBe(200);
  });

  test("GraphQL's updateProfile answers the same for both", async () => {
    const send = (email: string) =>
      server
        .api()
        .post('/graphql')
        .set(u.auth)
        .send({ query: updateProfile, variables: { input: { email } } });
    const [taken, free] = [await send(other.email), await send(`free-${u.email}`)];
    expect(taken.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect([free.status, free.body]).toEqual([taken.status, taken.body]);
  });
});

test.each([
  [{ timezone: 'Nowhere/City' }, ['body', 'timezone']],
  [{ timezone: null }, ['body', 'timezone']],
  [{ email: 'nope' }, ['body', 'email']],
  [{ email: null }, ['body', 'email']],
])('validation case %#', async (body, loc) => {
  expect422(await server.api().patch(url()).set(u.auth).send(body), loc);
});

test('401 without a token, 403 for another user', async () => {
  expectError(await server.api().get(url()), 401);
  expectError(await server.api().get(url()).set(other.auth), 403);
  expectError(await server.api().patch(url()).set(other.auth).send({ timezone: 'UTC' }), 403);
});

describe('the login email is a credential', () => {
  const writeToken = async () => {
    const res = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'script', scope: 'write' });
    return { Authorization: `Bearer ${res.body.token}` };
  };

  test('a write access token may change the timezone but not the email (403, nothing changes)', async () => {
    const pat = await writeToken();
    expect((await server.api().patch(url()).set(pat).send({ timezone: 'Europe/Paris' })).body).toMatchObject({ timezone: 'Europe/Paris' });
    expectError(await server.api().patch(url()).set(pat).send({ email: 'taken-over@example.com' }), 403);
    expectError(await server.api().patch(url()).set(pat).send({ email: 'taken-over@example.com', timezone: 'UTC' }), 403);
    expect((await server.api().get(url()).set(u.auth)).body).toMatchObject({ email: u.email, timezone: 'Europe/Paris' });
  });

  test('another spelling of the same address signs no session out', async () => {
    const elsewhere = {
      Authorization: `Bearer ${(await server.api().post('/auth/login').send({ email: u.email, password: u.password })).body.api_token}`,
    };
    expect((await server.api().patch(url()).set(u.auth).send({ email: u.email.toLowerCase(), timezone: 'UTC' })).status).toBe(200);
    u.email = u.email.toLowerCase();
    expect((await server.api().get(url()).set(elsewhere)).status).toBe(200);
  });
});
