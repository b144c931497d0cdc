import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { authorize, type Actor } from '../core/actor.ts';
import { Conflict, Invalid, NotFound } from '../core/errors.ts';
import { namedId, newId } from '../core/ids.ts';
import { parse, uuid } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import { enqueue } from '../jobs/boss.ts';
import { detectFormat } from './detect.ts';
import { emptyCounts } from './tally.ts';
import { ImportJob } from './import.entity.ts';
import { ImportListQuery, ImportStart } from './imports.schemas.ts';
import type { WriterFormat } from './formats/format.ts';

/** An uploaded file, spooled to disk by the transport (src/http/upload.ts), with its size and name. */
export type SpooledFile = { path: string; size: number; filename: string | null };

export const IMPORT_JOB = 'imports.run';

type StartInput = z.output<typeof ImportStart>;

/**
 * Starting an import, in the order an upload needs it: the caller's right to import is checked
 * first and its parameters (`check`, for each place they come from) before a byte of the file is
 * taken, then `start` takes the spooled file on.
 */
export function importStarter(actor: Actor, spoolDir: string) {
  authorize(actor, actor.userId, 'write');
  return {
    // As a client sent them (query parameters, form fields, a CLI's options): validated here.
    check: (input: Record<string, unknown>): StartInput => parse(ImportStart, input),
    start: (file: SpooledFile, input: StartInput) => startImport(actor, file, input, spoolDir),
  };
}

/** The options as the format reads them, or a 422 at `options` (a CSV's mapping, Daylio's moods): before anything is queued. */
function checkOptions(format: WriterFormat, options: Record<string, unknown>): void {
  try {
    format.checkOptions?.(options);
  } catch (err) {
    throw err instanceof Invalid ? new Invalid(err.issues.map((i) => ({ ...i, loc: ['options', ...i.loc] }))) : err;
  }
}

/**
 * Takes an uploaded file on: recognises its format (or takes the one named), moves it into the
 * import's own place in `spoolDir`, records the import, queued, and sends its job after the
 * commit. A user has one import queued or running at a time (409). The file is the caller's to
 * remove when this throws.
 */
async function startImport(actor: Actor, file: SpooledFile, q: StartInput, spoolDir: string): Promise<ImportJob> {
  const options = q.options ?? {};
  const filename = q.filename ?? file.filename;
  const format = await detectFormat(file.path, filename, q.format);
  if (format.kind === 'writer') checkOptions(format, options);
  // An account archive carries everything an account holds: only a signed-in session brings one in.
  if (format.kind === 'writer' && format.access === 'account') authorize(actor, actor.userId, 'account');
  const active = await em().findOne(ImportJob, { userId: actor.userId, status: { $in: ['queued', 'running'] } });
  if (active) throw new Conflict(`An import is already ${active.status} (${active.id}): wait for it to finish, or cancel it`);
  const id = newId();
  const path = join(spoolDir, `${id}.upload`);
  const now = new Date();
  await rename(file.path, path);
  const job = em().create(ImportJob, {
    id,
    userId: actor.userId,
    status: 'queued',
    format: q.format ?? null,
    detectedFormat: format.name,
    filename: filename?.slice(0, 255) ?? null,
    options,
    bytesTotal: file.size,
    bytesRead: 0,
    counts: emptyCounts(),
    reasons: [],
    error: null,
    filePath: path,
    attempts: 0,
    cancelRequested: false,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
  });
  try {
    await em().flush();
  } catch (err) {
    await rm(path, { force: true });
    // Two uploads at once: the partial unique index lets one be queued.
    if ((err as { code?: string }).code === '23505' || /imports_one_active_idx/.test(String(err))) {
      throw new Conflict('An import is already queued or running: wait for it to finish, or cancel it');
    }
    throw err;
  }
  // After the commit (never inside a transaction: docs/architecture.md); a failed send is swept up.
  await enqueue(IMPORT_JOB, { import_id: id, user_id: actor.userId }, { id: importJobId(id, 0) });
  return job;
}

/**
 * The job of an import's next run: one per start (`attempts` so far), so a send for the same run
 * is a no-op while a run a stopped process held (its job still active in the queue) is not in the
 * way of the next.
 */
export const importJobId = (importId: string, attempts: number) => namedId(`import ${importId} ${attempts}`);

/** Imports queued before `before` (their job may have been lost), with the job id of their next run. */
export async function queuedImports(before: Date): Promise<{ id: string; userId: string; jobId: string }[]> {
  const rows = await query<{ id: string; user_id: string; attempts: number }>(
    `select id, user_id, attempts from imports where status = 'queued' and updated_at < $1`,
    [before],
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id, jobId: importJobId(r.id, r.attempts) }));
}

async function ownImport(actor: Actor, id: string): Promise<ImportJob> {
  // Read afresh: its worker writes the import's progress, not this unit of work (the CLI polls
  // in one), and the id with the user is the entity's whole key, which findOne would otherwise
  // answer from the identity map.
  const job = uuid().safeParse(id).success ? await em().findOne(ImportJob, { id, userId: actor.userId }, { refresh: true }) : null;
  if (!job) throw new NotFound('Import');
  return job;
}

/** The user's imports, newest first. */
export async function listImports(actor: Actor, input: z.input<typeof ImportListQuery>): Promise<ImportJob[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(ImportListQuery, input);
  return em().find(ImportJob, { userId: actor.userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit, offset: q.offset });
}

export async function getImport(actor: Actor, id: string): Promise<ImportJob> {
  authorize(actor, actor.userId, 'read');
  return ownImport(actor, id);
}

/**
 * Cancels a queued or running import (it stops at its next record; what it wrote stays, and a
 * later import of the file adds the rest) and ends it `failed`, "cancelled"; a finished import is
 * removed from the list. Answers what became of it.
 */
export async function cancelImport(actor: Actor, id: string): Promise<'cancelled' | 'removed'> {
  authorize(actor, actor.userId, 'write');
  const job = await ownImport(actor, id);
  if (job.status === 'queued' || job.status === 'running') {
    // In SQL, not through the entity: the runner updates its progress on this row meanwhile.
    const [row] = await query<{ status: string }>(
      `update imports set cancel_requested = true, updated_at = now(),
         status = case when status = 'queued' then 'failed' else status end,
         error = case when status = 'queued' then 'Cancelled' else error end,
         finished_at = case when status = 'queued' then now() else finished_at end,
         file_path = case when status = 'queued' then null else file_path end
       where id = $1 and user_id = $2
       returning status`,
      [job.id, actor.userId],
    );
    // Never started: nothing will read the file. A running import removes its own when it stops.
    if (row?.status === 'failed' && job.filePath) await rm(job.filePath, { force: true });
    return 'cancelled';
  }
  await query(`delete from imports where id = $1 and user_id = $2`, [job.id, actor.userId]);
  return 'removed';
}
