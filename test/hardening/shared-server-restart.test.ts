import { deathReport, sharedServer, sharedServerState } from '../helpers/shared-servers.ts';

/**
 * The test run's own machinery (test/helpers/shared-servers.ts): under load a worker's shared server
 * died once and 369 tests of 6 files failed with nothing but "fetch failed: other side closed". A
 * shared server that dies is now named in its file's failures (how it ended, its last lines) and
 * started again for the worker's next file. This file kills its worker's server to see both; it uses
 * none of it otherwise, so its own tests do not fail for the death.
 */
test('a shared server killed mid-run: its death is reported with its signal and last lines, and a new one serves the next file', async () => {
  const before = sharedServerState();
  expect(before).toBeDefined();
  const { pid, generation, url } = before!;
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect(await deathReport({ pid, generation })).toBeUndefined();

  process.kill(pid, 'SIGKILL');
  // Reported once the process is gone (at once here: the report waits for the main process's word).
  let report = await deathReport({ pid, generation });
  while (report === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    report = await deathReport({ pid, generation });
  }
  expect(report).toContain(`(pid ${pid}) was killed by SIGKILL`);
  expect(report).toMatch(/Its last lines:\nlog: \{/);

  // Its successor: waited for, not timed (it starts in a few seconds; the test's own limit bounds it).
  let after = sharedServerState()!;
  while (after.generation === generation || after.restarting) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = sharedServerState()!;
  }
  expect(after.deaths.at(-1)).toMatchObject({ pid, generation, signal: 'SIGKILL', code: null });
  expect(after).toMatchObject({ generation: generation + 1, restarting: false });
  expect(after.pid).not.toBe(pid);
  // The next file of the worker is handed the new one, which answers on a database of its own.
  expect(sharedServer()).toEqual({ url: after.url, control: after.control });
  expect((await fetch(`${after.url}/healthz`)).status).toBe(200);
  const registered = await fetch(`${after.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `after-restart-${pid}@example.com`, password: 'long enough' }),
  });
  expect(registered.status).toBe(201);
  expect(await deathReport({ pid: after.pid, generation: after.generation })).toBeUndefined();
}, 180_000);
