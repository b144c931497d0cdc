import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';

/** What a tool call knows about its caller. */
export type ToolContext = { actor: Actor };

/**
 * One read-only MCP tool. `input` documents the arguments (names, types, descriptions) for the
 * client; the rules (ranges, formats, bounds) are the service's, so a broken rule comes back as
 * the service's own validation issues. `run` calls read use cases with the caller's actor and
 * returns the REST presenters' JSON for the same data.
 */
export type Tool<S extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  input: S;
  run: (ctx: ToolContext, args: z.output<S>) => Promise<unknown>;
};

export function defineTool<S extends z.ZodObject>(tool: Tool<S>): Tool {
  return tool;
}
