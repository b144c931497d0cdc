import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type DatabaseSyncOptions } from 'node:sqlite';

/** The bytes of a SQLite database made here, in a temporary file, with `fill`. */
export function sqliteBytes(fill: (db: DatabaseSync) => void, options: DatabaseSyncOptions = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'lifetrack-sqlite-'));
  try {
    const path = join(dir, 'db');
    const db = new DatabaseSync(path, options);
    fill(db);
    db.close();
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
