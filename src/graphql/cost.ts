import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError, Kind, getArgumentValues, getNamedType, getNullableType, isListType, isObjectType,
  type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLObjectType, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import type { GraphQLContext } from './context.ts';

/**
 * What a query may cost before it runs: every field costs 1, and a list multiplies what is
 * selected under it by how many items it may return: its `limit` argument when it has one
 * (after variables), else ASSUMED_LIST_SIZE. The dashboard query costs about 1,500; 30 aliased
 * `events(limit: 500) { category { name } }` would cost 45,000 and are refused.
 */
export const MAX_COST = 20_000;
export const ASSUMED_LIST_SIZE = 50;
/** Tokens in the query text: enough for any real dashboard, parsed no further past it. */
export const MAX_TOKENS = 2_000;

type Walk = { schema: GraphQLSchema; fragments: Map<string, FragmentDefinitionNode>; variables: Record<string, unknown> };

/** A list field's `limit` argument; a bad argument is execution's to report, with the usual error. */
function limitOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): number | undefined {
  try {
    const { limit } = getArgumentValues(field, node, variables);
    return typeof limit === 'number' ? limit : undefined;
  } catch {
    return undefined;
  }
}

function costOf(set: SelectionSetNode, parent: GraphQLObjectType, walk: Walk, seen: Set<string>): number {
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? walk.schema.getType(sel.typeCondition.name.value) : parent;
      total += isObjectType(on) ? costOf(sel.selectionSet, on, walk, seen) : 0;
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments.get(sel.name.value);
      const on = fragment && walk.schema.getType(fragment.typeCondition.name.value);
      if (fragment && isObjectType(on) && !seen.has(sel.name.value)) {
        total += costOf(fragment.selectionSet, on, walk, new Set([...seen, sel.name.value]));
      }
    } else {
      const field = parent.getFields()[sel.name.value];
      if (!field) continue; // __typename and introspection meta-fields
      const type = getNamedType(field.type);
      const children = sel.selectionSet && isObjectType(type) ? costOf(sel.selectionSet, type, walk, seen) : 0;
      let size = 1;
      if (isListType(getNullableType(field.type))) {
        size = limitOf(field, sel, walk.variables) ?? ASSUMED_LIST_SIZE;
      }
      total += 1 + size * children;
    }
  }
  return total;
}

/**
 * Refuses a query over MAX_COST once its operation and variables are known, before any resolver
 * runs (so before any database work), with a 400 that says what it cost.
 */
export function costLimit(max = MAX_COST): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, request }) {
          const root = operation?.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
          if (!root || !operation) return;
          const fragments = new Map(
            document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
          );
          const cost = costOf(operation.selectionSet, root, { schema, fragments, variables: request.variables ?? {} }, new Set());
          if (cost > max) {
            throw new GraphQLError(`Query costs ${cost}, more than the ${max} allowed: ask for smaller pages (limit) or fewer fields`, {
              extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: max, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
