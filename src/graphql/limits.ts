import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Query shape limits, checked while the query is validated, so a rejected query does no
 * database work at all.
 */
const MAX_DEPTH = 10;
const MAX_ALIASES = 30;

function depthOf(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) deepest = Math.max(deepest, sel.selectionSet ? 1 + depthOf(sel.selectionSet, fragments, seen) : 1);
    else if (sel.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(sel.selectionSet, fragments, seen));
    else if (!seen.has(sel.name.value)) {
      const fragment = fragments.get(sel.name.value);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, new Set([...seen, sel.name.value])));
    }
  }
  return deepest;
}

export function depthLimit(max = MAX_DEPTH) {
  return (context: ValidationContext): ASTVisitor => ({
    Document(doc) {
      const fragments = new Map(
        doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
      );
      for (const def of doc.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        const depth = depthOf(def.selectionSet, fragments, new Set());
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
          context.reportError(new GraphQLError(`Query uses more than ${max} aliases`, { extensions: { code: 'TOO_MANY_ALIASES' } }));
        }
      },
    };
  };
}
