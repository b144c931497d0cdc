import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { GraphQLContext } from './context.ts';

/**
 * What a query may cost before it runs: every field costs 1, and a list multiplies what is
 * selected under it by how many items it may return: its `limit` argument when it has one
 * (after variables), else the schema's `@listSize(assumedSize)`, else ASSUMED_LIST_SIZE. The
 * dashboard query costs about 2,000 and two months of day summaries with every relation about
 * 35,000; 20 aliased `events(limit: 500) { notes category { name } }` would cost 60,000 and are refused.
 */
export const MAX_COST = 50_000;
const ASSUMED_LIST_SIZE = 50;
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

/** The field's @listSize arguments, as written in schema/*.graphql. */
function listSize(field: GraphQLField<unknown, unknown>): { assumedSize?: number; sizedFields?: string[] } {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'listSize');
  const found: { assumedSize?: number; sizedFields?: string[] } = {};
  for (const arg of directive?.arguments ?? []) {
    if (arg.value.kind === Kind.INT) found.assumedSize = Number(arg.value.value);
    if (arg.value.kind === Kind.LIST) found.sizedFields = arg.value.values.flatMap((v) => (v.kind === Kind.STRING ? [v.value] : []));
  }
  return found;
}

/** `sized`: sizes the parent's `limit` gives to some of this selection's list fields (a page's items). */
function costOf(
  set: SelectionSetNode,
  parent: GraphQLObjectType,
  walk: Walk,
  seen: Set<string>,
  sized = new Map<string, number>(),
): number {
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? walk.schema.getType(sel.typeCondition.name.value) : parent;
      total += isObjectType(on) ? costOf(sel.selectionSet, on, walk, seen, sized) : 0;
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments.get(sel.name.value);
      const on = fragment && walk.schema.getType(fragment.typeCondition.name.value);
      if (fragment && isObjectType(on) && !seen.has(sel.name.value)) {
        total += costOf(fragment.selectionSet, on, walk, new Set([...seen, sel.name.value]), sized);
      }
    } else {
      const field = parent.getFields()[sel.name.value];
      if (!field) continue; // __typename and introspection meta-fields
      const type = getNamedType(field.type);
      const { assumedSize, sizedFields } = listSize(field);
      const limit = limitOf(field, sel, walk.variables);
      const forChildren = new Map((sizedFields ?? []).map((f) => [f, limit ?? assumedSize ?? ASSUMED_LIST_SIZE]));
      const children = sel.selectionSet && isObjectType(type) ? costOf(sel.selectionSet, type, walk, seen, forChildren) : 0;
      const size =
        isListType(getNullableType(field.type)) && !sizedFields ? (sized.get(field.name) ?? limit ?? assumedSize ?? ASSUMED_LIST_SIZE) : 1;
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
          const root = operation?.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
          if (!root || !operation) return;
          const fragments = new Map(
            document.definitions
              .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
              .map((d) => [d.name.value, d]),
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
