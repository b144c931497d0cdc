import type { Request } from 'express';

/**
 * The address clients reach this server at: PUBLIC_URL when set, else the request's protocol and
 * Host (behind a proxy, as TRUST_PROXY lets express read them). It is the OAuth issuer and names
 * the protected resources: the API is the base URL itself, MCP is `${base}/mcp`.
 */
export type PublicUrls = {
  /** Base URL without a trailing slash: the OAuth issuer and the API's resource identifier. */
  base: string;
  issuer: string;
  resources: { api: string; mcp: string };
};

/** A Host header is echoed into metadata and WWW-Authenticate: anything but a plain host[:port] is refused. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function setPublicUrl(app: { locals: Record<string, unknown> }, publicUrl: string | undefined): void {
  app.locals.publicUrl = publicUrl;
}

function publicBaseUrl(req: Request): string {
  const configured = req.app.locals.publicUrl as string | undefined;
  if (configured) return configured;
  const host = req.get('host') ?? '';
  return `${req.protocol}://${HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

export function publicUrls(req: Request): PublicUrls {
  const base = publicBaseUrl(req);
  return { base, issuer: base, resources: { api: base, mcp: `${base}/mcp` } };
}

/** RFC 9728: where a resource's metadata is (the well-known prefix before the resource's path). */
function resourceMetadataUrl(urls: PublicUrls, resource: 'api' | 'mcp'): string {
  return `${urls.base}/.well-known/oauth-protected-resource${resource === 'mcp' ? '/mcp' : ''}`;
}

export type BearerError = { error?: 'invalid_token' | 'invalid_request' | 'insufficient_scope'; description?: string; scope?: string };

const quoted = (v: string) => `"${v.replace(/[\\"]/g, '\\$&').replace(/[^\x20-\x7e]/g, '')}"`;

/**
 * The `WWW-Authenticate` value of a 401 (or a 403 for scope): RFC 6750's error attributes and
 * RFC 9728's `resource_metadata`, so an agent that gets it can discover how to obtain a token.
 * The MCP endpoint calls this with `'mcp'`.
 */
export function bearerChallenge(req: Request, resource: 'api' | 'mcp', e: BearerError = {}): string {
  const parts = [`resource_metadata=${quoted(resourceMetadataUrl(publicUrls(req), resource))}`];
  if (e.error) parts.push(`error=${quoted(e.error)}`);
  if (e.description) parts.push(`error_description=${quoted(e.description)}`);
  if (e.scope) parts.push(`scope=${quoted(e.scope)}`);
  return `Bearer ${parts.join(', ')}`;
}
