import { createAutomation, deleteAutomation, updateAutomation } from '../../domain/metrics/automations.service.ts';
import { getDefinition, listDefinitions, updateDefinition } from '../../domain/metrics/definitions.service.ts';
import { ingestReadings } from '../../domain/metrics/ingest.service.ts';
import { listMetricTypes, metricTypesBySlugs } from '../../domain/metric-types/metric-types.service.ts';
import { listReadings, pageReadings } from '../../domain/metrics/readings.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';
import type { Loaders } from '../loaders.ts';
import { asInput } from '../../core/validation.ts';

/** A reading's or definition's metric type: the catalogue entry, through the request's loader. */
const metricTypeOf = async (parent: { metricTypeSlug: string }, loaders: Loaders) =>
  (await loaders.byId(metricTypesBySlugs).load(parent.metricTypeSlug))!;

export const metricResolvers: Resolvers = {
  MetricReadingPage: { pageInfo },
  User: {
    metricTypes: (_user, _args, { actor }) => listMetricTypes(actor),
    readings: (_user, args, { actor }) => listReadings(actor, serviceArgs(args)),
    readingsPage: (_user, args, { actor }) => pageReadings(actor, serviceArgs(pageArgs(args))),
    metricDefinitions: (_user, args, { actor }) => listDefinitions(actor, serviceArgs(args)),
    metricDefinition: (_user, { id }, { actor }) => getDefinition(actor, id),
  },
  MetricReading: {
    metricType: (reading, _args, { loaders }) => metricTypeOf(reading, loaders),
  },
  MetricDefinition: {
    metricType: (definition, _args, { loaders }) => metricTypeOf(definition, loaders),
  },
  Mutation: {
    // Each reading's keys too are in the service's spelling (metricTypeSlug → metric_type_slug).
    ingestReadings: (_root, { input }, { actor }) =>
      withInput('input', () => ingestReadings(actor, asInput({ readings: input.readings.map(serviceInput) }))),
    updateMetricDefinition: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'metric_definition', id }, expectedVersion, () =>
        withInput('input', () => updateDefinition(actor, id, serviceInput(input))),
      ),
    createAutomation: (_root, { definitionId, input }, { actor }) =>
      withInput('input', () => createAutomation(actor, definitionId, serviceInput(input))),
    // An automation is part of its definition's read: the definition's version guards it.
    updateAutomation: (_root, { definitionId, id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'metric_definition', id: definitionId }, expectedVersion, () =>
        withInput('input', () => updateAutomation(actor, definitionId, id, serviceInput(input))),
      ),
    deleteAutomation: async (_root, { definitionId, id }, { actor }) => (await deleteAutomation(actor, definitionId, id), true),
  },
};
