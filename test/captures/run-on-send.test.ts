import { startJobRuntime, type JobRuntime } from '../../src/jobs/boss.ts';
import { captureParseJob, captureSweepJob } from '../../src/jobs/captures.jobs.ts';
import { parseCapture } from '../../src/domain/captures/parser/index.ts';
import type { ParseFn } from '../../src/domain/captures/processing.ts';
import { createLogger } from '../../src/logger.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { waitParsed } from './flow.ts';

/**
 * A capture is parsed in the process that stored it, right after the commit, not at the workers'
 * next poll; the queued job stays as the fallback, and a second run of it changes nothing. The
 * server only sends jobs (WORKERS=0); each test starts a worker runtime in this process whose
 * pollers look for jobs once every few minutes, so only the run on send can be quick.
 */
let server: TestServer;
let alice: TestUser;
const logger = createLogger('silent');
let worker: JobRuntime | undefined;

beforeAll(async () => {
  server = await startTestServer({ workers: 0 });
  alice = await signUp(server);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(() => server.stop());

async function startWorker(parse: ParseFn, pollingIntervalSeconds: number) {
  worker = await startJobRuntime({
    db: server.db,
    logger,
    definitions: [captureParseJob(parse, { retryLimit: 2, retryDelay: 1, expireInSeconds: 30 }), captureSweepJob],
    work: true,
    pollingIntervalSeconds,
  });
}

const submit = async (text: string) => {
  const res = await server.api().post(`/users/${alice.id}/log-captures`).set(alice.auth).send({ text });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('parsed at once, without waiting for a poll, and exactly once when the queued job runs later', async () => {
  let calls = 0;
  await startWorker((text, ctx) => (calls++, parseCapture(text, ctx)), 300);
  const id = await submit('weight 72.4 kg');
  const done = await waitParsed(server, alice, id, 5_000);
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(1);
  expect(calls).toBe(1);
  // The queued job, picked up by a poller: it finds the capture parsed and writes nothing.
  await worker!.stop();
  await startWorker((text, ctx) => (calls++, parseCapture(text, ctx)), 0.5);
  await sleep(2_000);
  const after = (await server.api().get(`/users/${alice.id}/log-captures/${id}`).set(alice.auth)).body;
  expect(after.suggestions).toEqual(done.suggestions);
  expect(calls).toBe(1);
});

test('a run on send that fails leaves the capture to the queued job, which parses it', async () => {
  let calls = 0;
  await startWorker((text, ctx) => {
    if (++calls === 1) throw new Error('first run fails');
    return parseCapture(text, ctx);
  }, 0.5);
  const id = await submit('resting hr 55');
  const done = await waitParsed(server, alice, id, 30_000);
  expect(done.status).toBe('parsed');
  expect(done.suggestions).toHaveLength(1);
  expect(calls).toBe(2);
});
