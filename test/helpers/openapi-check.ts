import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Response } from 'supertest';

/**
 * Every answer the suite receives through `server.api()` is checked against the server's own
 * /openapi.json: the status must be declared for the operation, and a JSON body must be valid
 * under the declared schema (JSON Schema 2020-12). A route whose behaviour drifts from its
 * documentation fails its own tests.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };
type Matcher = { template: string; pattern: RegExp; literal: number };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const checkers = new Map<string, Promise<(res: Response) => void>>();

/** The test servers' latest error log lines, shown when an answer is an unexpected 5xx. */
export const recentErrors: string[] = [];

export const checked = globalThis as typeof globalThis & { __openapiChecked?: number };

async function buildChecker(baseUrl: string): Promise<(res: Response) => void> {
  const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  // Literal segments outrank parameters, so /auth/sessions/revoke-others beats /auth/sessions/{session_id}.
  const matchers: Matcher[] = Object.keys(doc.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
      literal: template.split('/').filter((s) => s && !s.startsWith('{')).length,
    }))
    .sort((a, b) => b.literal - a.literal);
  const compiled = new Map<string, ReturnType<Ajv2020['getSchema']>>();
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  return (res: Response) => {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const path = decodeURI(req.path.split('?')[0]);
    const method = req.method.toLowerCase();
    const match = matchers.find((m) => m.pattern.test(path) && doc.paths[m.template][method]);
    if (!match) return; // not a documented operation (/docs, /metrics, an unknown path's 404)
    const op = doc.paths[match.template][method];
    const where = `${req.method} ${match.template} answered ${res.status}`;
    const declared = op.responses[String(res.status)];
    if (!declared) {
      const log = res.status >= 500 ? `\nserver errors:\n${recentErrors.join('')}` : '';
      throw new Error(
        `${where}, which /openapi.json does not declare (${Object.keys(op.responses).join(', ')}): ${res.text?.slice(0, 300)}${log}`,
      );
    }
    checked.__openapiChecked = (checked.__openapiChecked ?? 0) + 1;
    if (!declared.content?.['application/json']) return;
    const ref = `openapi#/${pointer('paths', match.template, method, 'responses', String(res.status), 'content', 'application/json', 'schema')}`;
    if (!compiled.has(ref)) compiled.set(ref, ajv.getSchema(ref) ?? ajv.compile({ $ref: ref }));
    const validate = compiled.get(ref)!;
    if (!validate(res.body)) {
      throw new Error(
        `${where} with a body that does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`,
      );
    }
  };
}

/** The checker of one server (its document is fetched once). */
export function openApiChecker(baseUrl: string): Promise<(res: Response) => void> {
  if (!checkers.has(baseUrl)) checkers.set(baseUrl, buildChecker(baseUrl));
  return checkers.get(baseUrl)!;
}
