import type { ChangeType } from '../domain/changes/change-types.ts';

/**
 * The account archive (GET /users/{id}/export, POST /users/{id}/import, npm run export / import:archive):
 * one ZIP with manifest.json, one NDJSON file per resource type holding each resource exactly as
 * its REST read shows it (a goal also with its skip days, `skips`), and CSV files for a spreadsheet.
 * Version 1: an archive without `skips` imports its goals without skip days.
 */
export const ARCHIVE_FORMAT = 'lifetrack-archive';
export const ARCHIVE_VERSION = 1;

export const ndjsonName = (type: ChangeType) => `${type}.ndjson`;

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  format_version: number;
  user_id: string;
  timezone: string;
  exported_at: string;
  /** Lines of each type's NDJSON file: every type, 0 for an empty one (archives before 2026-12 left those out). */
  counts: Partial<Record<ChangeType, number>>;
  files: string[];
};
