import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { testConfig } from './config.ts';

/**
 * Migrating an empty database took most of a test file's start (initdb, every migration and
 * pg-boss's schema: 5–7 s per file on PGlite here). The run migrates once (global-setup.ts), and each
 * test server starts on a copy: PostgreSQL's CREATE DATABASE … TEMPLATE, or a copy of a migrated
 * PGlite data directory. Files that test a first start or the migration itself (spawned processes,
 * test/helpers/process.ts) still get an empty database from freshDatabase().
 */
const PG_TEMPLATE = 'TEST_PG_TEMPLATE';
const PGLITE_TEMPLATE = 'TEST_PGLITE_TEMPLATE';

/**
 * Where a run keeps its scratch (its log and compile-cache directory, the PGlite template, copies):
 * in memory where the machine has a tmpfs. PGlite on a data dir writes through to it, and removing
 * a run's 1,300 files from a disk under load took the teardown 1-6 s.
 */
export function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(baseUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  // Loaded on first use: most files import this module and never call it (their server is shared).
  const { Client } = (await import('pg')).default;
  const c = new Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/**
 * Builds the run's migrated database by starting (and stopping) a real server on it, so it holds
 * exactly what a first start leaves: the schema, pg-boss's schema and the start-up rows. The signing
 * key is configured here so no key is stored: each copy generates its own, as a fresh database would.
 */
export async function prepareTemplate(scratch: string): Promise<void> {
  // Loaded here, not at the top: every test file imports this module (for copyOfTemplate), and a file
  // on the shared server must not load the whole app into its module registry (~1.3 s a file).
  const [{ startServer }, { createLogger }] = await Promise.all([import('../../src/server.ts'), import('../../src/logger.ts')]);
  const base = process.env.DATABASE_URL;
  const config = base
    ? testConfig({ databaseUrl: withDatabase(base, `tpl_${randomBytes(6).toString('hex')}`), jwtSecret: 'template' })
    : testConfig({ pgliteDir: join(scratch, 'pglite-template'), jwtSecret: 'template' });
  if (base) await admin(base, (c) => c.query(`create database ${new URL(config.databaseUrl!).pathname.slice(1)}`));
  const server = await startServer(config, createLogger('silent'));
  await server.stop();
  if (base) process.env[PG_TEMPLATE] = new URL(config.databaseUrl!).pathname.slice(1);
  else process.env[PGLITE_TEMPLATE] = config.pgliteDir;
}

export async function dropTemplate(): Promise<void> {
  const base = process.env.DATABASE_URL;
  const name = process.env[PG_TEMPLATE];
  if (base && name) await dropDatabase(base, name);
}

/** An empty database of its own on the PostgreSQL server at baseUrl (not migrated). */
export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(baseUrl, (c) => c.query(`create database ${name}`));
  return { url: withDatabase(baseUrl, name), drop: () => dropDatabase(baseUrl, name) };
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

export type DatabaseCopy = { databaseUrl?: string; pgliteDir: string; drop: () => Promise<void> };

/** A database of the test file's own, copied from the run's migrated one. */
export async function copyOfTemplate(): Promise<DatabaseCopy> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const template = process.env[PG_TEMPLATE];
    if (!template) throw new Error('No template database: jest runs test/helpers/global-setup.ts first');
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin(base, (c) => c.query(`create database ${name} template ${template}`));
    return {
      databaseUrl: withDatabase(base, name),
      pgliteDir: ':memory:',
      drop: () => dropDatabase(base, name),
    };
  }
  const template = process.env[PGLITE_TEMPLATE];
  if (!template) throw new Error('No template data dir: jest runs test/helpers/global-setup.ts first');
  const dir = mkdtempSync(join(scratchRoot(), 'lifetrack-db-'));
  cpSync(template, dir, { recursive: true });
  return { pgliteDir: dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
