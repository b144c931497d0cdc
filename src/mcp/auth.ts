import type { Request } from 'express';
import type { Actor } from '../core/actor.ts';
import { identify } from '../rest/router.ts';

/** Where an MCP client learns how to get a token for /mcp (RFC 9728 protected resource metadata). */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/**
 * Who is calling /mcp: the one place its bearer token becomes an Actor (personal access tokens
 * and sessions today, OAuth access tokens once they authenticate through the same path).
 * Throws Unauthenticated without a valid token. The actor is used as is: every tool calls read
 * use cases only, which any credential of the user may call.
 */
export function mcpActor(req: Request): Promise<Actor> {
  return identify(req);
}
