import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectError } from '../helpers/expect.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { writeRecordsFile, type GeneratedRecords } from './generated-records.ts';
import { finished, upload } from './uploads.ts';

/**
 * Two users' imports at once on a server with two worker slots (WORKERS=2): each ends with its
 * exact counts, a user's second upload while their first is active is refused, and another
 * user's requests are answered meanwhile. (How fast they are answered is bench:import's figure:
 * timed assertions do not belong in tests on a shared machine.)
 */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  {},
  () => ({ workers: 2 }),
);

let scratch: string;
let files: [GeneratedRecords, GeneratedRecords];
let tiny: Buffer;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lifetrack-import-concurrency-'));
  tiny = readFileSync((await writeRecordsFile(join(scratch, 'tiny.json'), { records: 3 })).path);
  files = await Promise.all([
    writeRecordsFile(join(scratch, 'a.json'), { records: 50_000 }, { seed: 11 }),
    writeRecordsFile(join(scratch, 'b.json'), { records: 50_000 }, { seed: 12, from: new Date(Date.UTC(2016, 5, 1)) }),
  ]);
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("two users' imports at once both end with exact counts; a second upload while one is active is 409; another user is served meanwhile", async () => {
  const reader = await signUp(server);
  const users = [owner, other];
  const uploads = await Promise.all(users.map((u, i) => upload(server, u, readFileSync(files[i].path), { filename: 'Records.json' })));
  for (const res of uploads) expect(res.status).toBe(202);
  const ids = uploads.map((res) => res.body.id as string);

  // The owner's first import is queued or running (it takes seconds): a second one is refused.
  const refused = await upload(server, owner, tiny);
  expectError(refused, 409);
  expect(refused.body.detail).toMatch(/already (queued|running)/);

  // Another user reads and writes while both run.
  let running = true;
  const answers: { route: string; status: number }[] = [];
  let writes = 0;
  const reads = (async () => {
    while (running) {
      const list = await server.api().get(`/users/${reader.id}/events`).set(reader.auth);
      answers.push({ route: 'GET events', status: list.status });
      // Up to a page of them, to read back at the end.
      if (writes < 500) {
        const write = await server
          .api()
          .post(`/users/${reader.id}/events`)
          .set(reader.auth)
          .send({ notes: `during the imports #${writes++}` });
        answers.push({ route: 'POST events', status: write.status });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let done: Record<string, any>[];
  try {
    done = await Promise.all(users.map((u, i) => finished(server, u, ids[i], 150_000)));
  } finally {
    running = false;
    await reads;
  }

  expect(writes).toBeGreaterThan(0);
  expect(answers.filter((a) => a.status !== (a.route === 'GET events' ? 200 : 201))).toEqual([]);
  const written = await server.api().get(`/users/${reader.id}/events`).query({ limit: 500 }).set(reader.auth);
  expect(written.body).toHaveLength(writes);

  done.forEach((d, i) => {
    const f = files[i];
    expect(d).toMatchObject({ status: 'succeeded', error: null, counts: { read: f.records, created: f.points, present: 0 } });
    expect(d.counts.skipped).toMatchObject({ no_time: f.noTime });
  });
  // Each import wrote its own user's samples only: the other's file, imported now, is all new.
  const crossed = await upload(server, owner, readFileSync(files[1].path));
  expect(crossed.status).toBe(202);
  expect(await finished(server, owner, crossed.body.id, 150_000)).toMatchObject({
    status: 'succeeded',
    counts: { read: files[1].records, created: files[1].points, present: 0 },
  });
}, 300_000);
