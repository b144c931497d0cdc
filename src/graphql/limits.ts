import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Query shape limits, checked while the query is validated, so a rejected query does no
 * database work at all.
 */
const MAX_DEPTH = 10;
const MAX_ALIASES = 30;

/** Introspection's entry points: the standard query tools send is 15 levels deep (ofType in ofType). */
const INTROSPECTION = new Set(['__schema', '__type']);

type DepthWalk = {
  fragments: Map<string, FragmentDefinitionNode>;
  skipIntrospection: boolean;
  /** Each fragment's depth, measured once: fragments spreading others twice over would otherwise be walked 2^n times. */
  depths: Map<string, number>;
};

function depthOf(set: SelectionSetNode | undefined, walk: DepthWalk, seen: Set<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (walk.skipIntrospection && INTROSPECTION.has(sel.name.value)) deepest = Math.max(deepest, 1);
      else deepest = Math.max(deepest, sel.selectionSet ? 1 + depthOf(sel.selectionSet, walk, seen) : 1);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(sel.selectionSet, walk, seen));
    else deepest = Math.max(deepest, fragmentDepth(sel.name.value, walk, seen));
  }
  return deepest;
}

/** A fragment's depth; 0 for one that spreads itself (a cycle, which validation refuses on its own). */
function fragmentDepth(name: string, walk: DepthWalk, seen: Set<string>): number {
  const known = walk.depths.get(name);
  if (known !== undefined) return known;
  if (seen.has(name)) return 0;
  seen.add(name);
  const depth = depthOf(walk.fragments.get(name)?.selectionSet, walk, seen);
  seen.delete(name);
  walk.depths.set(name, depth);
  return depth;
}

/**
 * While introspection is on, its fields are let through (tools such as graphql-inspector, codegen
 * and IDEs send the standard 15-level query): their size is bounded by the schema, and the cost
 * limit (cost.ts) weighs them by the schema's real counts.
 */
export function depthLimit(opts: { introspection: boolean }, max = MAX_DEPTH) {
  return (context: ValidationContext): ASTVisitor => ({
    Document(doc) {
      const fragments = new Map(
        doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
      );
      for (const def of doc.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        const depth = depthOf(def.selectionSet, { fragments, skipIntrospection: opts.introspection, depths: new Map() }, new Set());
        if (depth > max)
          context.reportError(
            new GraphQLError(`Query is ${depth} levels deep; at most ${max} are allowed`, { extensions: { code: 'QUERY_TOO_DEEP' } }),
          );
      }
    },
  });
}

export function aliasLimit(max = MAX_ALIASES) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === max + 1) {
          context.reportError(new GraphQLError(`Query uses more than ${max} aliases`, { extensions: { code: 'QUERY_TOO_MANY_ALIASES' } }));
        }
      },
    };
  };
}
