import { Router, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type * as McpSdk from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type * as McpHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../core/actor.ts';
import { readOnReplica } from '../db/replicas.ts';
import { DomainError, Invalid, Unauthenticated } from '../core/errors.ts';
import { inputSteps } from '../http/body.ts';
import { isDatabaseDown, sendError } from '../http/errors.ts';
import { bearerChallenge } from '../http/public-url.ts';
import { mcpActor } from './auth.ts';
import { limitConcurrency, MCP_LIMITS, refuseBatches } from './limits.ts';
import { allTools } from './tools/index.ts';
import type { Tool, ToolContext } from './tools/tool.ts';

const MCP_PATH = '/mcp';
const BODY_LIMIT = '1mb';

const INSTRUCTIONS =
  "Read-only access to one person's tracked life data: day summaries (metrics resolved per local day), goals, insights " +
  '(correlations and unusual episodes), events, food items, places and visits, and the suggestions inbox. Dates are local days ' +
  "(YYYY-MM-DD) in the user's timezone; every result is the JSON the REST API documents at /openapi.json.";

const text = (value: unknown) => JSON.stringify(value);

/**
 * A failed call as a tool error the agent can read and act on, never a protocol failure:
 * validation issues with their loc, a domain message (not found, forbidden) as REST words it;
 * anything else is logged and masked, as REST's 500.
 */
export function toolError(err: unknown, log: Logger | undefined, tool: string): CallToolResult {
  let detail: unknown;
  if (err instanceof Invalid) detail = err.issues;
  else if (err instanceof DomainError) detail = err.message;
  else if (isDatabaseDown(err)) {
    log?.error({ err, tool }, 'database unavailable');
    detail = 'Database unavailable, try again shortly';
  } else {
    log?.error({ err, tool }, 'mcp tool failed');
    detail = 'Internal server error';
  }
  return { isError: true, content: [{ type: 'text', text: text({ detail }) }] };
}

/** An answer over the budget: what to do instead, as a tool error the agent can act on. */
function tooLarge(bytes: number): CallToolResult {
  const detail =
    `This answer is ${Math.ceil(bytes / 1024)} KB, over the ${MCP_LIMITS.resultBytes / 1024} KB one tool call may return: ` +
    'narrow it (a shorter from..to) or page through it (a smaller limit, then offset)';
  return { isError: true, content: [{ type: 'text', text: text({ detail }) }] };
}

function register(server: McpServer, tool: Tool, ctx: ToolContext, log: Logger | undefined): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (args: Record<string, unknown>): Promise<CallToolResult> => {
      try {
        // Every tool reads: a replica holding the caller's writes may answer (src/db/replicas.ts).
        const answer = text(await readOnReplica(ctx.actor.userId, null, () => tool.run(ctx, args)));
        if (answer.length > MCP_LIMITS.resultBytes) return tooLarge(answer.length);
        return { content: [{ type: 'text', text: answer }] };
      } catch (err) {
        return toolError(err, log, tool.name);
      }
    },
  );
}

/** The MCP SDK, loaded on the first call to /mcp (not at start: a server no agent calls never needs it). */
let sdk: Promise<[typeof McpSdk, typeof McpHttp]> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/mcp.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]));

/** The MCP server of one request (stateless: nothing outlives the request), its tools bound to the caller. */
async function buildMcpServer(actor: Actor, log?: Logger, tools: Tool[] = allTools): Promise<McpServer> {
  const [{ McpServer }] = await loadSdk();
  const server = new McpServer({ name: 'lifetrack', version: '0.1.0' }, { instructions: INSTRUCTIONS });
  for (const tool of tools) register(server, tool, { actor }, log);
  return server;
}

type Admitted = Request & { actor?: Actor };

/**
 * The bearer token first, before any body is read. Without a valid one: 401 pointing at the
 * protected resource metadata (RFC 9728), from which an MCP client discovers where to get a token.
 */
const admit: RequestHandler = async (req: Admitted, res, next) => {
  try {
    req.actor = await mcpActor(req);
  } catch (err) {
    if (!(err instanceof Unauthenticated)) throw err;
    const challenge = bearerChallenge(req, 'mcp', req.get('authorization') ? { error: 'invalid_token', description: err.message } : {});
    return sendError(res, 401, err.message, { 'WWW-Authenticate': challenge });
  }
  next();
};

const serve: RequestHandler = async (req: Admitted, res) => {
  const server = await buildMcpServer(req.actor!, req.log);
  const [, { StreamableHTTPServerTransport }] = await loadSdk();
  // Stateless Streamable HTTP: no session ids, one JSON answer per POST (no SSE stream).
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
};

const notAllowed: RequestHandler = (_req, res) =>
  sendError(res, 405, 'This MCP endpoint is stateless: POST JSON-RPC messages; there is no SSE stream or session to open or end', {
    Allow: 'POST',
  });

/**
 * /mcp: the Model Context Protocol over Streamable HTTP for agents. Must run inside the
 * request's RequestContext (app.ts), so the tools' services have their unit of work.
 */
export function mcpRouter(): Router {
  const router = Router();
  router.post(MCP_PATH, admit, limitConcurrency, ...inputSteps(true, BODY_LIMIT), refuseBatches, serve);
  router.get(MCP_PATH, notAllowed);
  router.delete(MCP_PATH, notAllowed);
  return router;
}
