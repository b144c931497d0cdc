import { z } from 'zod';

// /openapi.json: a share link's pages are described by hand (they are not in the route table).

type Doc = Record<string, unknown>;

const SharePasswordForm = z.object({ password: z.string().max(256).describe("The share's password") }).meta({ id: 'SharePasswordForm' });

const token = {
  name: 'token',
  in: 'path',
  required: true,
  description: "The share's token, as the owner got it when creating the share",
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' },
};
const html = (description: string): Doc => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
/** What every page may answer instead: the link does not open. */
const refusals = {
  401: html('The share has a password: the password form (also after a wrong password)'),
  404: html('No share has this token'),
  410: html('The share expired, was revoked, or its views are used up'),
  429: {
    ...html("Too many requests for this link (or wrong passwords); retry after Retry-After's seconds"),
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  },
};
const op = (method: string, path: string, summary: string, rest: Doc): Doc => ({
  summary,
  tags: ['shares'],
  operationId: `${method}_${path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
  'x-access': 'public',
  security: [],
  parameters: [token],
  ...rest,
});

export const SHARE_PAGES_OPENAPI = {
  tags: {},
  requestSchemas: [SharePasswordForm] as z.ZodType[],
  paths: {
    '/s/{token}': {
      get: op(
        'get',
        '/s/{token}',
        "A share's report as one self-contained, printable HTML page (charts inline, no script): each metric's chart with n, min, median, max, missing days and sources; goals' adherence and streaks; tags' counts and timeline; and what else the scope includes. Each GET counts as a view",
        { responses: { 200: html('The report'), ...refusals } },
      ),
      post: op(
        'post',
        '/s/{token}',
        'The password form: the right password answers the report (a view) and sets a cookie that unlocks it for this browser',
        {
          requestBody: {
            required: true,
            content: { 'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/SharePasswordForm' } } },
          },
          responses: {
            200: {
              ...html('The report'),
              headers: { 'Set-Cookie': { description: 'The unlock proof (HttpOnly, SameSite=Strict)', schema: { type: 'string' } } },
            },
            ...refusals,
          },
        },
      ),
    },
    '/s/{token}/csv': {
      get: op(
        'get',
        '/s/{token}/csv',
        "The report's data as CSV: a row per day and series (a metric's value, a tag's count, a goal's outcome)",
        {
          responses: { 200: { description: 'The CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, ...refusals },
        },
      ),
    },
    '/s/{token}/fhir': {
      get: op(
        'get',
        '/s/{token}/fhir',
        "The share's metrics over its period as an HL7 FHIR R4 Bundle, as GET /users/{user_id}/export/fhir gives it",
        {
          responses: {
            200: { description: 'The Bundle', content: { 'application/fhir+json': { schema: { type: 'object' } } } },
            ...refusals,
          },
        },
      ),
    },
  },
};
