import { PARSE_JOB } from '../../src/domain/captures/captures.service.ts';
import { startJobRuntime, type JobRuntime } from '../../src/jobs/boss.ts';
import { captureParseJob, captureSweepJob } from '../../src/jobs/captures.jobs.ts';
import { jobDefinitions } from '../../src/jobs/index.ts';
import { createLogger } from '../../src/logger.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { waitParsed } from './flow.ts';

/**
 * The server runs with WORKERS=0 (it only sends jobs), as when workers run in their own process;
 * each test starts that worker process's job runtime on the same database.
 */
let server: TestServer;
let alice: TestUser;
const logger = createLogger('silent');
const runtimes: JobRuntime[] = [];

beforeAll(async () => {
  server = await startTestServer({ workers: 0 });
  alice = await signUp(server);
});
afterAll(async () => {
  for (const r of runtimes) await r.stop();
  await server.stop();
});

async function startWorker(definitions = jobDefinitions): Promise<JobRuntime> {
  const r = await startJobRuntime({ db: server.db, logger, definitions, work: true, pollingIntervalSeconds: 0.5 });
  runtimes.push(r);
  return r;
}

const submit = (text: string) => server.api().post(`/users/${alice.id}/log-captures`).set(alice.auth).send({ text });
const status = async (id: string) => (await server.api().get(`/users/${alice.id}/log-captures/${id}`).set(alice.auth)).body;

test('a capture submitted while no worker runs is parsed once a worker is back', async () => {
  expect(server.jobs.working).toBe(false);
  const res = await submit('weight 72.4 kg');
  expect(res.status).toBe(201);
  expect((await status(res.body.id)).status).toBe('queued');

  const worker = await startWorker();
  const done = await waitParsed(server, alice, res.body.id);
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(1);
  await worker.stop();
});

test('a capture whose job was never sent (crash between commit and enqueue) is found by the sweep', async () => {
  // No job system at all in the server process now: the row is written, the send is skipped.
  await server.jobs.stop();
  const res = await submit('resting hr 55');
  expect(res.status).toBe(201);
  expect((await status(res.body.id)).status).toBe('queued');

  const worker = await startWorker();
  const done = await waitParsed(server, alice, res.body.id);
  expect(done.status).toBe('parsed');
  expect(done.suggestions.map((s: { payload: { metric_type_slug: string } }) => s.payload.metric_type_slug)).toEqual([
    'resting_heart_rate',
  ]);
  await worker.stop();
});

test('a parse job queued before its data carried user_id (capture_id alone) still parses its capture', async () => {
  // No job system in the server process (stopped above; again, for this test alone): the row is written, no job sent.
  await server.jobs.stop();
  const res = await submit('weight 71.9 kg');
  expect((await status(res.body.id)).status).toBe('queued');
  // The parse job alone (no sweep to send a new one): only the old job's data names the capture.
  const worker = await startWorker([captureParseJob()]);
  await worker.boss.send(PARSE_JOB, { capture_id: res.body.id });
  const done = await waitParsed(server, alice, res.body.id);
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(1);
  await worker.stop();
});

test('a parse that keeps failing is retried with backoff, then ends failed with a reason', async () => {
  let calls = 0;
  const failing = captureParseJob(
    () => {
      calls++;
      throw new Error('parser exploded');
    },
    { retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 2, expireInSeconds: 30 },
  );
  await startWorker([failing, captureSweepJob]);
  const res = await submit('anything at all');
  const done = await waitParsed(server, alice, res.body.id, 60_000);
  expect(done.status).toBe('failed');
  // The run right after the commit (run-on-send.test.ts), then the job's three.
  expect(done.failure_reason).toBe('The text could not be parsed after 4 attempts');
  expect(done.suggestions).toEqual([]);
  expect(calls).toBe(4);
});
