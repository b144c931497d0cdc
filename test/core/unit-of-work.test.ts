import { systemActor } from '../../src/core/actor.ts';
import { withContext } from '../../src/db/context.ts';
import { createCategory, listCategories } from '../../src/domain/categories/categories.service.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

let server: TestServer;
let owner: TestUser;
withOwnServer((f) => ({ server, owner } = f));

test('a service called outside a unit of work throws instead of pretending to store', async () => {
  await expect(createCategory(systemActor(owner.id), { name: 'nowhere' })).rejects.toThrow(/No unit of work/);
  const stored = await withContext(() => listCategories(systemActor(owner.id)), server.db.orm);
  expect(stored.map((c) => c.name)).not.toContain('nowhere');
});

test('inside withContext the same call stores, and the API sees it', async () => {
  await withContext(() => createCategory(systemActor(owner.id), { name: 'somewhere' }), server.db.orm);
  const res = await server.api().get(`/users/${owner.id}/categories`).set(owner.auth);
  expect(res.body.map((c: { name: string }) => c.name)).toContain('somewhere');
});
