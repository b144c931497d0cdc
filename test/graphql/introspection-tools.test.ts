import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isSpecifiedScalarType } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * What schema tools do against the served endpoint: graphql-inspector's `introspect` (the standard
 * introspection query, 15 levels deep) as a developer runs it, with a bearer token. It must answer
 * the whole schema, not a depth or cost error.
 */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

// The CLI's own entry (what node_modules/.bin/graphql-inspector runs); the package exports no path to it.
const inspector = fileURLToPath(new URL('../../node_modules/@graphql-inspector/cli/cjs/index.js', import.meta.url));

test('graphql-inspector introspect writes the served schema: every type of ours is in it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lifetrack-inspector-'));
  try {
    const out = join(dir, 'schema.graphql');
    await promisify(execFile)(
      process.execPath,
      [inspector, 'introspect', `${server.url}/graphql`, '--header', `Authorization: ${owner.auth.Authorization}`, '--write', out],
      { timeout: 60_000 },
    );
    const sdl = readFileSync(out, 'utf8');
    const ours = Object.values(buildSchema().getTypeMap())
      .filter((t) => !t.name.startsWith('__') && !isSpecifiedScalarType(t))
      .map((t) => t.name);
    for (const name of ours) expect(sdl).toMatch(new RegExp(`^(type|input|enum|scalar|interface|union) ${name}\\b`, 'm'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
