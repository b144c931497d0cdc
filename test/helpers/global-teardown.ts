import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dropTemplate } from './databases.ts';
import { findSecrets } from './log-secrets.ts';
import { stopSharedServers } from './shared-servers.ts';

export default async function globalTeardown(): Promise<void> {
  // First: their databases are copies of the template, and their logs are searched below.
  await stopSharedServers();
  await dropTemplate();
  const file = process.env.OPENAPI_CHECK_COUNTS;
  if (!file || !existsSync(file)) return;
  const total = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .reduce((sum, n) => sum + Number(n), 0);
  console.log(`\nOpenAPI response check: ${total} answers validated against /openapi.json (status declared, body valid)`);

  // Every log line every test server wrote, searched for what must never be logged.
  const logDir = process.env.TEST_LOG_DIR!;
  const lines = existsSync(logDir)
    ? readdirSync(logDir).flatMap((f) => readFileSync(join(logDir, f), 'utf8').split('\n').filter(Boolean))
    : [];
  const found = findSecrets(lines);
  rmSync(dirname(file), { recursive: true, force: true });
  console.log(
    `Log secrets check: ${lines.length} log lines of the whole run searched for tokens, passwords, codes and key material: ${found.length} found`,
  );
  if (found.length) throw new Error(`Secrets in the server logs:\n${found.slice(0, 10).join('\n')}`);
}
