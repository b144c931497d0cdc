import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A file the test workers (which inherit this environment) append their checked-answer counts to. */
export default function globalSetup(): void {
  process.env.OPENAPI_CHECK_COUNTS = join(mkdtempSync(join(tmpdir(), 'lifetrack-openapi-')), 'counts');
}
