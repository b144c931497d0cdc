import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

test('smoke', async () => {
  const u = await signUp(server);
  const res = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ tags: ['#Run'] });
  expect(res.status).toBe(201);
  expect(res.body.tags).toEqual(['run']);
});
