import { request, type IncomingMessage } from 'node:http';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { unzipText } from '../helpers/zip.ts';

/**
 * GET /users/{id}/export with a client that stops reading mid-download: the archive is written to
 * a temporary file at the database's pace (src/archive/export.ts, downloadArchive), so the
 * snapshot's transaction ends whatever the client does. Before, it waited on the client: on the
 * embedded database (one transaction at a time) every other user's request waited with it, and on
 * PostgreSQL it kept a pool connection and an old snapshot. The server is this file's own, without
 * workers, so the pool's connections in use (GET /metrics) are the requests' alone.
 */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  {},
  () => ({ workers: 0 }),
);

/**
 * Readings enough that the archive outgrows what the sockets and streams between the server and a
 * client that reads nothing can hold (a few MB): the export must wait on the client to go on.
 */
const READINGS = 150_000;

beforeAll(async () => {
  await server.sql(`insert into reading_sources (user_id, no, source) values ($1, 1, 'watch')`, [owner.id]);
  await server.sql(
    `insert into health_metrics (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, created_at)
     select gen_random_uuid(), $1, 1, t, t::date, i, 1, now()
       from generate_series(1, $2::int) i, lateral (select timestamptz '2024-01-01' + i * interval '2 minutes' as t) at`,
    [owner.id, READINGS],
  );
}, 300_000);

/** A download whose reading the test controls: the response, paused after its first chunk. */
function stalledDownload(user: TestUser): Promise<{ res: IncomingMessage; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/users/${user.id}/export`, { headers: user.auth }, (res) => {
      const chunks: Buffer[] = [];
      res.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        res.pause();
        resolve({ res, chunks });
      });
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

/** Connections of the server's pool in use now (GET /metrics: total less idle). */
async function connectionsInUse(): Promise<number> {
  const text = (await server.api().get('/metrics')).text;
  const gauge = (state: string) => Number(new RegExp(`^db_pool_connections\\{state="${state}"\\} (\\d+)`, 'm').exec(text)![1]);
  return gauge('total') - gauge('idle');
}

test("a client that stops reading mid-download: other users' requests answer, the snapshot's connection is given back, and the download resumes whole", async () => {
  const { res, chunks } = await stalledDownload(owner);
  expect(res.statusCode).toBe(200);

  // Another user's reads and writes answer while the download is stalled.
  const created = await server.api().post(`/users/${other.id}/events`).set(other.auth).send({ notes: 'meanwhile' });
  expect(created.status).toBe(201);
  expect((await server.api().get(`/users/${other.id}/events`).set(other.auth)).body.map((e: { id: string }) => e.id)).toEqual([
    created.body.id,
  ]);
  expect((await server.api().get(`/users/${other.id}/profile`).set(other.auth)).status).toBe(200);

  // The snapshot ends without the client: no connection stays taken while nothing else runs.
  // (Waited for, not timed: before the change it never came, and the test ran out of time.)
  while ((await connectionsInUse()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(res.readableEnded).toBe(false);

  // Reading again, the client gets the whole archive: what the snapshot saw, the owner's alone.
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.resume();
  await new Promise((resolve, reject) => res.once('end', resolve).once('error', reject));
  const files = await unzipText(Buffer.concat(chunks));
  const manifest = JSON.parse(files.get('manifest.json')!);
  expect(manifest.counts.health_metric).toBe(READINGS);
  expect(files.get('health_metric.ndjson')!.split('\n').filter(Boolean)).toHaveLength(READINGS);
  expect(manifest.counts.event).toBe(0);
});
