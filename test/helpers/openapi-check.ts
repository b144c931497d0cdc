import type { Response } from 'supertest';
import type { OpenApiValidators } from './openapi-validators.ts';

/**
 * Every answer the suite receives through `server.api()` is checked against the server's own
 * /openapi.json: the status must be declared for the operation, and a JSON body must be valid
 * under the declared schema (JSON Schema 2020-12). A route whose behaviour drifts from its
 * documentation fails its own tests. The schemas are compiled once per worker (openapi-validators.ts,
 * carried from file to file by the test environment under CARRIED_VALIDATORS).
 */
const checkers = new Map<string, Promise<(res: Response) => void>>();

/** The test servers' latest error log lines, shown when an answer is an unexpected 5xx. */
export const recentErrors: string[] = [];

export const checked = globalThis as typeof globalThis & { __openapiChecked?: number };

export const CARRIED_VALIDATORS = '__openApiValidators';
const carried = globalThis as typeof globalThis & { [CARRIED_VALIDATORS]?: (text: string) => OpenApiValidators };

async function buildChecker(baseUrl: string): Promise<(res: Response) => void> {
  const validators = carried[CARRIED_VALIDATORS];
  if (!validators) throw new Error('jest runs the test files in test/helpers/environment.ts, which carries the OpenAPI validators');
  const { find, validate } = validators(await (await fetch(`${baseUrl}/openapi.json`)).text());
  return (res: Response) => {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const path = decodeURI(req.path.split('?')[0]);
    const method = req.method.toLowerCase();
    const found = find(method, path, res.status);
    if (!found) return; // not a documented operation (/docs, /metrics, an unknown path's 404)
    const where = `${req.method} ${found.template} answered ${res.status}`;
    if (!found.declared) {
      const log = res.status >= 500 ? `\nserver errors:\n${recentErrors.join('')}` : '';
      throw new Error(`${where}, which /openapi.json does not declare (${found.statuses.join(', ')}): ${res.text?.slice(0, 300)}${log}`);
    }
    checked.__openapiChecked = (checked.__openapiChecked ?? 0) + 1;
    // An answer that may come as a page or as JSON (a reminder's links) is held to the schema of the type it came as.
    const type = String(res.headers?.['content-type'] ?? '').split(';')[0];
    if (found.mediaTypes.length > 1 && type && type !== 'application/json') {
      if (!found.mediaTypes.includes(type))
        throw new Error(`${where} as ${type}, which /openapi.json does not declare (${found.mediaTypes.join(', ')})`);
      return;
    }
    if (!found.json) return;
    const invalid = validate(found, method, res.status, res.body);
    if (invalid) {
      throw new Error(`${where} with a body that does not match its schema: ${invalid}\n${JSON.stringify(res.body).slice(0, 500)}`);
    }
  };
}

/** The checker of one server (its document is fetched once). */
export function openApiChecker(baseUrl: string): Promise<(res: Response) => void> {
  if (!checkers.has(baseUrl)) checkers.set(baseUrl, buildChecker(baseUrl));
  return checkers.get(baseUrl)!;
}
