import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { Invalid } from '../../core/errors.ts';
import { uuid } from '../../core/validation.ts';
import { prefixIssues } from '../../http/errors.ts';
import { spoolUpload } from '../../http/upload.ts';
import { ImportListQuery, ImportStart } from '../../imports/imports.schemas.ts';
import * as imports from '../../imports/imports.service.ts';
import { ImportRead, presentImport } from '../../representation/imports.ts';
import { accepted, noContent, ok, route, type Route } from '../route.ts';

const tag = 'imports';
const params = z.object({ import_id: uuid() });

/** An Invalid from the query string, located there (the route's other issues are the body's). */
function fromQuery<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw err instanceof Invalid ? prefixIssues(err, 'query') : err;
  }
}

export const importRoutes = (opts: { maxBytes: number; spoolDir: string }): Route[] => [
  route({
    method: 'post',
    path: '/users/{user_id}/imports',
    tag,
    access: 'write',
    consumes: 'multipart/form-data',
    errors: [409, 413],
    summary:
      'Upload a file to import (multipart/form-data with one file part and the fields format, filename, options; or the file itself as the body, with those as query parameters), at most IMPORT_MAX_BYTES, streamed to disk. Location histories (Google Records.json, Semantic Location History, the Timeline export of Android and iOS, OwnTracks .rec and JSON, GPX, KML, KMZ, GeoJSON), health data (Apple Health, a Fitbit Google Takeout, Google Health Connect, Garmin FIT files, Gadgetbridge, Oura, Withings) and CSV exports of other apps; the format is recognised from the first bytes when not named. Answers 202 with the queued import: follow it at GET …/imports/{import_id}. One import runs at a time per user (409); the same file imported again adds nothing',
    query: ImportStart,
    responses: { 202: ImportRead },
    handler: async (r) => {
      const starter = imports.importStarter(r.actor, opts.spoolDir);
      const query = fromQuery(() => starter.check(r.query));
      const upload = await spoolUpload(r.upload, r.contentType, opts.maxBytes, opts.spoolDir);
      try {
        const fields = starter.check(upload.fields);
        const file = { path: upload.path, size: upload.size, filename: upload.filename };
        // The format's check of the options (known once the file is read) is located where they were
        // sent, or, when none were, where this kind of upload sends them (a form's fields, else the query).
        const multipart = /^multipart\/form-data/i.test(r.contentType ?? '');
        const optionsInQuery = fields.options === undefined && (query.options !== undefined || !multipart);
        const started = await starter.start(file, { ...query, ...fields }).catch((err: unknown) => {
          throw optionsInQuery && err instanceof Invalid && err.issues.every((i) => i.loc[0] === 'options')
            ? prefixIssues(err, 'query')
            : err;
        });
        return accepted(presentImport(started));
      } finally {
        // Taken on, it was moved to the import's own name; refused, it goes.
        await rm(upload.path, { force: true });
      }
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/imports',
    tag,
    access: 'read',
    graphql: 'User.imports',
    summary: 'Every import, newest first, with its status, progress and counts',
    query: ImportListQuery,
    responses: { 200: z.array(ImportRead) },
    handler: async (r) => ok((await imports.listImports(r.actor, r.query)).map(presentImport)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/imports/{import_id}',
    tag,
    access: 'read',
    graphql: 'User.import',
    summary:
      'One import: status (queued, running, succeeded, failed), the detected format, progress (bytes read of total) and counts (read = created + present + skipped by reason), with the first reasons',
    params,
    responses: { 200: ImportRead },
    handler: async (r) => ok(presentImport(await imports.getImport(r.actor, r.params.import_id))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/imports/{import_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.cancelImport',
    summary:
      'Cancel a queued or running import (it stops at its next record and ends failed, "Cancelled"; what it wrote stays, and importing the file again adds the rest), or remove a finished one from the list',
    params,
    responses: { 204: null },
    handler: async (r) => (await imports.cancelImport(r.actor, r.params.import_id), noContent()),
  }),
];
