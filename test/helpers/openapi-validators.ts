import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The response schemas of an /openapi.json, compiled (JSON Schema 2020-12) on first use and kept
 * for the worker's whole run: the test environment (environment.ts) loads this module once per
 * worker, outside the files' realms, and hands it to every file (openapi-check.ts). Compiled in each
 * file, Ajv's code generation for the schemas a file meets cost 0.1-0.3 s a file, 145 times a run.
 * The validators only read plain JSON values, which cross realms as they are.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };
type Matcher = { template: string; pattern: RegExp; literal: number };

type Found = { template: string; statuses: string[]; declared: boolean; json: boolean; mediaTypes: string[] };
export type OpenApiValidators = {
  /** The documented operation a request went to (undefined: /docs, /metrics, an unknown path's 404). */
  find: (method: string, path: string, status: number) => Found | undefined;
  /** null when the body is valid under the operation's declared JSON schema for the status, else why not. */
  validate: (found: Found, method: string, status: number, body: unknown) => string | null;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function compile(text: string): OpenApiValidators {
  const doc = JSON.parse(text) as Doc;
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
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return {
    find: (method, path, status) => {
      const match = matchers.find((m) => m.pattern.test(path) && doc.paths[m.template][method]);
      if (!match) return undefined;
      const { responses } = doc.paths[match.template][method];
      const declared = responses[String(status)];
      return {
        template: match.template,
        statuses: Object.keys(responses),
        declared: !!declared,
        json: !!declared?.content?.['application/json'],
        mediaTypes: Object.keys(declared?.content ?? {}),
      };
    },
    validate: (found, method, status, body) => {
      const ref = `openapi#/${pointer('paths', found.template, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
      let validate = compiled.get(ref);
      if (!validate) compiled.set(ref, (validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref })));
      return validate(body) ? null : ajv.errorsText(validate.errors);
    },
  };
}

/** One set per document text: the test servers of a run serve the same document. */
const byDocument = new Map<string, OpenApiValidators>();

export function openApiValidators(text: string): OpenApiValidators {
  let validators = byDocument.get(text);
  if (!validators) byDocument.set(text, (validators = compile(text)));
  return validators;
}
