import type { Request } from 'express';
import type { Actor } from '../core/actor.ts';
import { identify } from '../http/identify.ts';

/**
 * Who is calling /mcp: the one place its bearer token becomes an Actor. Sessions, personal access
 * tokens, and OAuth access tokens issued for the /mcp resource (a token for the API is refused
 * here, as an /mcp token is by the API). Throws Unauthenticated without a valid token. The actor
 * is used as is: every tool calls read use cases only, which any credential of the user may call.
 */
export function mcpActor(req: Request): Promise<Actor> {
  return identify(req, 'mcp');
}
