import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  type GraphQLEnumType,
  type GraphQLNamedType,
} from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';
import { buildSchema } from '../../src/graphql/schema.ts';
import { CHANGE_TYPES } from '../../src/domain/changes/change-types.ts';

/** The schema documents itself (every type, field and enum value has a description), and the enums of docs/architecture.md (Enumerations) are GraphQL enums. */
const schema = buildSchema();
const ours = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !(isScalarType(t) && isSpecifiedScalarType(t)));

function undocumented(t: GraphQLNamedType): string[] {
  const missing = t.description ? [] : [t.name];
  if (isObjectType(t) || isInputObjectType(t)) {
    for (const f of Object.values(t.getFields())) if (!f.description) missing.push(`${t.name}.${f.name}`);
  }
  if (isEnumType(t)) for (const v of t.getValues()) if (!v.description && !t.description) missing.push(`${t.name}.${v.name}`);
  return missing;
}

test('every type and field has a description', () => {
  expect(ours.length).toBeGreaterThan(40);
  expect(ours.flatMap(undocumented)).toEqual([]);
});

test('each type is defined in one schema file only (a second definition would be merged into it silently)', () => {
  const dir = join(import.meta.dirname, '../../schema');
  const definitions = readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .flatMap((f) =>
      parse(readFileSync(join(dir, f), 'utf8')).definitions.flatMap((d) =>
        'name' in d && d.name && !d.kind.endsWith('Extension') && d.kind !== Kind.DIRECTIVE_DEFINITION ? [`${d.name.value} (${f})`] : [],
      ),
    );
  const names = definitions.map((d) => d.split(' ')[0]);
  expect(definitions.filter((_, i) => names.indexOf(names[i]) !== i)).toEqual([]);
});

// docs/architecture.md, Enumerations: each enumerated field, as the GraphQL field that carries it, with exactly those values.
const ENUMERATIONS: [string, string[]][] = [
  ['Event.source', ['user', 'suggestion', 'timer', 'automation', 'import']],
  ['Suggestion.kind', ['event', 'metric_reading', 'meal', 'place_visit', 'new_place']],
  ['Suggestion.source', ['log_capture', 'automation', 'location', 'calendar']],
  ['Suggestion.status', ['pending', 'accepted', 'dismissed', 'expired']],
  ['LogCapture.status', ['queued', 'processing', 'parsed', 'failed']],
  ['MetricDefinition.resolutionOperator', ['priority', 'latest', 'max', 'min', 'mean']],
  ['MetricAutomation.triggerType', ['threshold', 'reading_received', 'missing_by']],
  ['MetricAutomation.actionType', ['create_suggestion', 'log_event']],
  ['Goal.direction', ['at_least', 'at_most']],
  ['InsightEdge.kind', ['metric', 'factor']],
  ['InsightEdge.direction', ['positive', 'negative']],
  ['InsightEdge.confidence', ['strong', 'moderate', 'suggestive', 'weak']],
  ['EpisodeCard.kind', ['metric', 'factor']],
  ['EpisodeCard.direction', ['above', 'below']],
  ['DataSource.kind', ['manual', 'health', 'calendar', 'location', 'log_capture', 'import']],
  ['Narrative.periodType', ['week']],
];

test.each(ENUMERATIONS)('%s is an enum of the documented values', (path, values) => {
  const [typeName, fieldName] = path.split('.') as [string, string];
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const enumType = getNamedType(type.getFields()[fieldName].type);
  if (!isEnumType(enumType)) throw new Error(`${path} is not an enum`);
  expect(enumType.getValues().map((v) => v.name)).toEqual(values);
});

test('the ChangeType enum names every type the changes feed reports (a missing one would fail the feed it appears in)', () => {
  const values = (schema.getType('ChangeType') as GraphQLEnumType).getValues().map((v) => v.name);
  expect([...values].sort()).toEqual([...CHANGE_TYPES].sort());
});
