import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The profile's `language`: the language log captures are parsed in, besides English. */
let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f));

const url = () => `/users/${u.id}/profile`;

test('a new account reads English: REST and GraphQL say en', async () => {
  expect((await server.api().get(url()).set(u.auth)).body.language).toBe('en');
  expect(await gqlData(server, u, '{ me { profile { language } } }')).toEqual({ me: { profile: { language: 'en' } } });
});

test('PATCH sets it; omitted fields stay, and other fields leave it as it is', async () => {
  const before = (await server.api().get(url()).set(u.auth)).body;
  const res = await server.api().patch(url()).set(u.auth).send({ language: 'de' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ...before, language: 'de', updated_at: expect.any(String) });
  expect((await server.api().patch(url()).set(u.auth).send({ timezone: 'Europe/Berlin' })).body).toMatchObject({
    language: 'de',
    timezone: 'Europe/Berlin',
  });
  expect((await server.api().get(url()).set(u.auth)).body.language).toBe('de');
});

test.each([[{ language: 'xx' }], [{ language: 'DE' }], [{ language: 'de-DE' }], [{ language: null }], [{ language: 7 }]])(
  'an invalid language is a 422 at body.language (%j), and nothing changes',
  async (body) => {
    const before = (await server.api().get(url()).set(u.auth)).body.language;
    const res = await server.api().patch(url()).set(u.auth).send(body);
    expect422(res, ['body', 'language']);
    expect((await server.api().get(url()).set(u.auth)).body.language).toBe(before);
  },
);

test('registration takes a language (en when omitted); an invalid one is a 422 at body.language', async () => {
  const email = (tag: string) => `lang-${tag}-${Date.now()}@example.com`;
  const fr = await server
    .api()
    .post('/auth/register')
    .send({ email: email('fr'), password: 'long enough', language: 'fr' });
  expect(fr.status).toBe(201);
  expect(fr.body.language).toBe('fr');
  const none = await server
    .api()
    .post('/auth/register')
    .send({ email: email('none'), password: 'long enough' });
  expect(none.body.language).toBe('en');
  expect422(
    await server
      .api()
      .post('/auth/register')
      .send({ email: email('bad'), password: 'long enough', language: 'klingon' }),
    ['body', 'language'],
  );
});

test('a write access token may change it (it is not a credential); another user may not', async () => {
  const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'script', scope: 'write' });
  const auth = { Authorization: `Bearer ${pat.body.token}` };
  expect((await server.api().patch(url()).set(auth).send({ language: 'es' })).body.language).toBe('es');
  expectError(await server.api().patch(url()).set(other.auth).send({ language: 'fr' }), 403);
  expect((await server.api().get(url()).set(u.auth)).body.language).toBe('es');
});

describe('GraphQL', () => {
  test('updateProfile sets it and answers as REST does', async () => {
    const { updateProfile } = await gqlData(server, u, 'mutation { updateProfile(input: { language: fr }) { id language timezone } }');
    const rest = (await server.api().get(url()).set(u.auth)).body;
    expect(updateProfile).toEqual({ id: rest.id, language: 'fr', timezone: rest.timezone });
    expect(rest.language).toBe('fr');
  });

  test('a value outside the enum is refused and changes nothing', async () => {
    const literal = await gqlError(server, u, 'mutation { updateProfile(input: { language: xx }) { language } }');
    expect(literal.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const variable = await gqlError(server, u, 'mutation ($l: CaptureLanguage) { updateProfile(input: { language: $l }) { language } }', {
      l: 'de-DE',
    });
    expect(variable.code).toBe('BAD_USER_INPUT');
    expect((await server.api().get(url()).set(u.auth)).body.language).toBe('fr');
  });
});
