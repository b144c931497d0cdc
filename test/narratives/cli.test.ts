import { execFile } from 'node:child_process';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';
import { startLlmServer, type LlmServer } from '../helpers/llm-server.ts';

/**
 * `npm run narratives:generate` as a person runs it: its own process on its own migrated database
 * (PostgreSQL when DATABASE_URL is set, else an embedded data dir), a local model endpoint.
 */
const NODE = process.execPath;
let database: DatabaseCopy;
let llm: LlmServer;
const EMAIL = 'narrator@example.com';

type Result = { code: number; stdout: string; stderr: string };
function cli(script: string, args: string[], extra: Record<string, string> = {}): Promise<Result> {
  const { DATABASE_URL: _db, NARRATIVE_LLM_URL: _u, NARRATIVE_LLM_MODEL: _m, NARRATIVE_LLM_API_KEY: _k, ...rest } = process.env;
  const env = {
    ...rest,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { PGLITE_DIR: database.pgliteDir }),
    ...extra,
  };
  return new Promise((resolve) => {
    execFile(NODE, [`src/cli/${script}.ts`, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
// A generous timeout: nothing here tests it, and a CI run with PGlite servers restarting beside it
// once kept the CLI's first request to the local model past 2 s.
const withModel = () => ({ NARRATIVE_LLM_URL: llm.url, NARRATIVE_LLM_MODEL: 'cli-model', NARRATIVE_LLM_TIMEOUT_MS: '15000' });
const noStack = (r: Result) => expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/);

beforeAll(async () => {
  database = await copyOfTemplate();
  llm = await startLlmServer();
  const created = await cli('user-create', ['--email', EMAIL, '--password', 'long enough password']);
  expect(created.code).toBe(0);
}, 120_000);
afterAll(async () => {
  await llm?.stop();
  await database?.drop();
});

test('without a model: it says so and exits 1, generating nothing; --digest still prints the facts', async () => {
  const r = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-16', '--digest']);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('Week 2026-11-16 (Mon) to 2026-11-22 (Sun), timezone UTC.');
  expect(r.stderr).toContain('No narrative model is configured');
  noStack(r);
  expect(llm.requests).toHaveLength(0);
}, 60_000);

test('with a model: writes and stores the week, prints it; a second run replaces it with the same id', async () => {
  const first = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-16'], withModel());
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(first.stdout).toContain(`Stored the narrative of 2026-11-16 to 2026-11-22 for ${EMAIL}`);
  expect(first.stdout).toContain(`model local-model-2026-11 at ${new URL(llm.url).host} (tokens: 812 in, 143 out)`);
  expect(first.stdout).toContain(llm.reply.content);
  expect(llm.requests).toHaveLength(1);
  expect(llm.requests[0].body.model).toBe('cli-model');
  expect(llm.requests[0].headers.authorization).toBeUndefined();
  expect(llm.requests[0].body.messages[1].content).toContain('Week 2026-11-16 (Mon) to 2026-11-22 (Sun)');
  const id = /id: ([0-9a-f-]{36})/.exec(first.stdout)![1];

  const second = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-16'], withModel());
  expect(second.code).toBe(0);
  expect(second.stdout).toContain('Replaced the narrative of 2026-11-16');
  expect(/id: ([0-9a-f-]{36})/.exec(second.stdout)![1]).toBe(id);
}, 120_000);

test('bad input and a failing model are clear messages with exit 1, never a stack trace', async () => {
  const tuesday = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-17'], withModel());
  expect(tuesday.code).toBe(1);
  expect(tuesday.stderr).toContain('--week: Input should be a Monday');
  noStack(tuesday);
  const nobody = await cli('narratives-generate', ['--user', 'nobody@example.com', '--week', '2026-11-16'], withModel());
  expect(nobody.code).toBe(1);
  expect(nobody.stderr).toContain('No user nobody@example.com');
  noStack(nobody);
  llm.behaviour = 'http_error';
  const failing = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-09'], withModel());
  expect(failing.code).toBe(1);
  expect(failing.stderr).toContain('answered HTTP 500');
  noStack(failing);
  const unknownOption = await cli('narratives-generate', ['--user', EMAIL, '--weeks', '2026-11-16']);
  expect(unknownOption.code).toBe(2);
  expect(unknownOption.stderr).toContain('Usage: npm run narratives:generate');
}, 120_000);

test('NARRATIVE_LLM_NETWORKS=public: a model on a loopback literal stops the CLI at start (exit 2), one whose name resolves to loopback is refused at connect (exit 1); never asked', async () => {
  llm.behaviour = 'ok';
  const before = llm.requests.length;
  const literal = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-16'], {
    ...withModel(),
    NARRATIVE_LLM_NETWORKS: 'public',
  });
  expect(literal.code).toBe(2);
  expect(literal.stderr).toContain('NARRATIVE_LLM_URL: 127.0.0.1 is not on the public internet, and NARRATIVE_LLM_NETWORKS=public');
  noStack(literal);
  const named = await cli('narratives-generate', ['--user', EMAIL, '--week', '2026-11-16'], {
    ...withModel(),
    NARRATIVE_LLM_URL: llm.url.replace('127.0.0.1', 'localhost'),
    NARRATIVE_LLM_NETWORKS: 'public',
  });
  expect(named.code).toBe(1);
  expect(named.stderr).toMatch(
    /The narrative model's address (127\.0\.0\.1|::1) is not on the public internet \(NARRATIVE_LLM_NETWORKS=any allows it\)/,
  );
  noStack(named);
  expect(llm.requests.length).toBe(before);
}, 120_000);
