import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { daysInRange } from '../core/clock.ts';
import type { GraphQLContext } from './context.ts';

/**
 * What a query may cost before it runs: every field costs 1, and a list multiplies what is
 * selected under it by how many items it may return: its `limit` argument when it has one
 * (after variables, or its default), else the days of its from..to dates (days(from, to): one
 * summary per day, up to 366), else the schema's `@listSize(assumedSize)`, else ASSUMED_LIST_SIZE. The
 * dashboard query costs about 2,000 and two months of day summaries with every relation about
 * 35,000; 20 aliased `events(limit: 500) { notes category { name } }` would cost 60,000 and are refused.
 */
export const MAX_COST = 50_000;
const ASSUMED_LIST_SIZE = 50;
/** Tokens in the query text: enough for any real dashboard, parsed no further past it. */
export const MAX_TOKENS = 2_000;

type Walk = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  introspection: Map<string, number>;
  maxWraps: number;
  /**
   * Each fragment's cost in the context it is spread in (the sizes its parent gives, the ofType
   * depth), weighed once: fragments spreading others twice over would otherwise be walked 2^n times.
   */
  weighed: Map<string, number>;
};

const introspectionSizes = new WeakMap<GraphQLSchema, Map<string, number>>();

/**
 * How long introspection's lists are on this schema, on average per item of the list above
 * (`__Schema.types` is every type, `__Type.fields` the fields per type, `__Field.args` the
 * arguments per field): a query the tools send costs what its answer holds, and one that nests
 * `fields { type { fields ...` multiplies as its answer does.
 */
function sizesOf(schema: GraphQLSchema): Map<string, number> {
  const cached = introspectionSizes.get(schema);
  if (cached) return cached;
  const types = Object.values(schema.getTypeMap());
  let fields = 0;
  let args = 0;
  let inputFields = 0;
  let enumValues = 0;
  let interfaces = 0;
  let possibleTypes = 0;
  for (const t of types) {
    if (isObjectType(t) || isInterfaceType(t)) {
      const all = Object.values(t.getFields());
      fields += all.length;
      args += all.reduce((n, f) => n + f.args.length, 0);
      interfaces += t.getInterfaces().length;
    }
    if (isInterfaceType(t) || isUnionType(t)) possibleTypes += schema.getPossibleTypes(t).length;
    if (isInputObjectType(t)) inputFields += Object.keys(t.getFields()).length;
    if (isEnumType(t)) enumValues += t.getValues().length;
  }
  const per = (n: number, of: number) => Math.max(1, Math.ceil(n / Math.max(1, of)));
  const sizes = new Map([
    ['__Schema.types', types.length],
    ['__Schema.directives', schema.getDirectives().length],
    ['__Type.fields', per(fields, types.length)],
    ['__Type.inputFields', per(inputFields, types.length)],
    ['__Type.enumValues', per(enumValues, types.length)],
    ['__Type.interfaces', per(interfaces, types.length)],
    ['__Type.possibleTypes', per(possibleTypes, types.length)],
    ['__Field.args', per(args, fields)],
    [
      '__Directive.args',
      per(
        schema.getDirectives().reduce((n, d) => n + d.args.length, 0),
        schema.getDirectives().length,
      ),
    ],
  ]);
  introspectionSizes.set(schema, sizes);
  return sizes;
}

const wrapsCache = new WeakMap<GraphQLSchema, number>();

/** The most list and non-null wrappers around one type in the schema (a field's, an argument's, an input field's). */
function maxWrapsOf(schema: GraphQLSchema): number {
  const cached = wrapsCache.get(schema);
  if (cached !== undefined) return cached;
  const wrapsOf = (t: GraphQLType): number => (isListType(t) || isNonNullType(t) ? 1 + wrapsOf(t.ofType) : 0);
  let max = 0;
  for (const t of Object.values(schema.getTypeMap())) {
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of Object.values(t.getFields())) max = Math.max(max, wrapsOf(f.type), ...f.args.map((a) => wrapsOf(a.type)));
    }
    if (isInputObjectType(t)) for (const f of Object.values(t.getFields())) max = Math.max(max, wrapsOf(f.type));
  }
  for (const d of schema.getDirectives()) max = Math.max(max, ...d.args.map((a) => wrapsOf(a.type)));
  wrapsCache.set(schema, max);
  return max;
}

/** A selected field's definition, the meta-fields (__schema, __type, __typename) included. */
function fieldOf(parent: GraphQLObjectType, name: string, schema: GraphQLSchema): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name && parent === schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && parent === schema.getQueryType()) return TypeMetaFieldDef;
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  return parent.getFields()[name];
}

/** Days from..to, both inclusive, when both are dates (a day summary per day); at least 1. */
/**
 * How many items a list field will return at most, from its arguments after variables and the
 * schema's defaults: its `limit` (given or default), else the days of a from..to date range; a bad
 * argument is execution's to report, with the usual error.
 */
function sizeOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): number | undefined {
  try {
    const args = getArgumentValues(field, node, variables);
    return typeof args.limit === 'number' ? args.limit : daysInRange(args.from, args.to);
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
  wraps = 0,
): number {
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? walk.schema.getType(sel.typeCondition.name.value) : parent;
      total += isObjectType(on) ? costOf(sel.selectionSet, on, walk, seen, sized, wraps) : 0;
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      total += fragmentCost(sel.name.value, walk, seen, sized, wraps);
    } else {
      const field = fieldOf(parent, sel.name.value, walk.schema);
      if (!field) continue; // not in the schema: validation has refused it
      const type = getNamedType(field.type);
      const { assumedSize, sizedFields } = listSize(field);
      const limit = sizeOf(field, sel, walk.variables);
      const forChildren = new Map((sizedFields ?? []).map((f) => [f, limit ?? assumedSize ?? ASSUMED_LIST_SIZE]));
      // `ofType` in `ofType`: past the schema's deepest wrapping ([X!]! is three) the answer is null.
      const ofType = parent.name === '__Type' && field.name === 'ofType' ? wraps + 1 : 0;
      const children =
        sel.selectionSet && isObjectType(type) && ofType <= walk.maxWraps
          ? costOf(sel.selectionSet, type, walk, seen, forChildren, ofType)
          : 0;
      const assumed = walk.introspection.get(`${parent.name}.${field.name}`) ?? assumedSize ?? ASSUMED_LIST_SIZE;
      const size = isListType(getNullableType(field.type)) && !sizedFields ? (sized.get(field.name) ?? limit ?? assumed) : 1;
      total += 1 + size * children;
    }
  }
  return total;
}

/** A spread fragment's cost; 0 for one that spreads itself (a cycle, which validation refuses on its own). */
function fragmentCost(name: string, walk: Walk, seen: Set<string>, sized: Map<string, number>, wraps: number): number {
  const key = `${name} ${wraps} ${[...sized].join(' ')}`;
  const known = walk.weighed.get(key);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  const on = fragment && walk.schema.getType(fragment.typeCondition.name.value);
  if (!fragment || !isObjectType(on) || seen.has(name)) return 0;
  seen.add(name);
  const cost = costOf(fragment.selectionSet, on, walk, seen, sized, wraps);
  seen.delete(name);
  walk.weighed.set(key, cost);
  return cost;
}

/**
 * What an operation costs (module comment above), on its root type: Query, Mutation or, for the
 * WebSocket transport (src/graphql/subscriptions.ts), Subscription. 0 when the schema has no
 * such root (validation refuses the operation).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const root =
    operation.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : operation.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const walk = { schema, fragments, variables, introspection: sizesOf(schema), maxWraps: maxWrapsOf(schema), weighed: new Map() };
  return costOf(operation.selectionSet, root, walk, new Set());
}

/** The error of an operation that costs more than `max`, saying what it cost; undefined when it may run. */
export function costError(cost: number, max = MAX_COST): GraphQLError | undefined {
  if (cost <= max) return undefined;
  return new GraphQLError(`Query costs ${cost}, more than the ${max} allowed: ask for smaller pages (limit) or fewer fields`, {
    extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: max, http: { status: 400 } },
  });
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
          if (!operation) return;
          const error = costError(operationCost(schema, document, operation, request.variables ?? {}), max);
          if (error) throw error;
        },
      };
    },
  };
}
