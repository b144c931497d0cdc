import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as automations from '../../domain/metrics/automations.service.ts';
import { AutomationCreate, AutomationUpdate } from '../../domain/metrics/automations.schemas.ts';
import * as definitions from '../../domain/metrics/definitions.service.ts';
import { DefinitionListQuery, DefinitionUpdate } from '../../domain/metrics/definitions.schemas.ts';
import { ingestReadings } from '../../domain/metrics/ingest.service.ts';
import type { IngestResult } from '../../domain/metrics/ingest-result.ts';
import { listMetricTypes } from '../../domain/metric-types/metric-types.service.ts';
import { HealthMetricBatch, HealthMetricListQuery } from '../../domain/metrics/metrics.schemas.ts';
import * as readings from '../../domain/metrics/readings.service.ts';
import { INGEST_BODY_LIMIT } from '../../http/body.ts';
import { AutomationRead, DefinitionRead, presentAutomation, presentDefinition } from '../../representation/metric-definitions.ts';
import {
  HealthMetricBatchCounts,
  HealthMetricBatchResult,
  HealthMetricRead,
  MetricTypeRead,
  presentIngestCounts,
  presentIngestResult,
  presentMetricType,
  presentReading,
} from '../../representation/metrics.ts';
import type { JsonText } from '../../representation/json-text.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'metrics';
const definitionParams = z.object({ definition_id: uuid() });
const automationParams = z.object({ definition_id: uuid(), automation_id: uuid() });

export const metricRoutes: Route[] = [
  route({
    method: 'get',
    path: '/metric-types',
    tag,
    access: 'read',
    graphql: 'User.metricTypes',
    summary: 'The metric catalogue: slugs, canonical units, daily aggregation and accepted input units',
    responses: { 200: z.array(MetricTypeRead) },
    handler: async (r) => ok(listMetricTypes(r.actor).map(presentMetricType)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/health/metrics',
    tag,
    access: 'write',
    graphql: 'Mutation.ingestReadings',
    summary:
      'Ingest up to 10,000 readings in one transaction; (source, source_id) duplicates are skipped. `Prefer: return=minimal` answers the counts only',
    body: HealthMetricBatch,
    bodyLimit: INGEST_BODY_LIMIT,
    responses: { 200: HealthMetricBatchResult },
    minimal: HealthMetricBatchCounts,
    handler: async (r) => {
      if (r.minimal) return ok(presentIngestCounts(await ingestReadings(r.actor, r.body)));
      // The answer (3.6 MB for 10,000 readings) is written while the database commits.
      let early: { result: IngestResult; text: JsonText } | undefined;
      const result = await ingestReadings(r.actor, r.body, (created) => (early = { result: created, text: presentIngestResult(created) }));
      return ok(early?.result === result ? early.text : presentIngestResult(result));
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/health/metrics',
    tag,
    access: 'read',
    graphql: 'User.readings',
    summary:
      'Readings, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive). Page by `cursor` (the Link header) to go deep: each page costs what the first does',
    query: HealthMetricListQuery,
    paged: true,
    graphqlPage: 'User.readingsPage',
    responses: { 200: z.array(HealthMetricRead) },
    handler: async (r) => pagedReply(r, await readings.pageReadings(r.actor, r.query), presentReading),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/metric-definitions',
    tag,
    access: 'read',
    graphql: 'User.metricDefinitions',
    summary: 'One definition per metric type, in catalogue order (provisioned with defaults on first use)',
    query: DefinitionListQuery,
    responses: { 200: z.array(DefinitionRead) },
    handler: async (r) => ok((await definitions.listDefinitions(r.actor, r.query)).map(presentDefinition)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/metric-definitions/{definition_id}',
    version: { type: 'metric_definition', param: 'definition_id' },
    tag,
    access: 'read',
    graphql: 'User.metricDefinition',
    summary: 'One metric definition',
    params: definitionParams,
    responses: { 200: DefinitionRead },
    handler: async (r) => ok(presentDefinition(await definitions.getDefinition(r.actor, r.params.definition_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/metric-definitions/{definition_id}',
    version: { type: 'metric_definition', param: 'definition_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateMetricDefinition',
    summary: 'Change a definition; omitted fields stay, `sources` replaces the whole ranked list',
    params: definitionParams,
    body: DefinitionUpdate,
    responses: { 200: DefinitionRead },
    handler: async (r) => ok(presentDefinition(await definitions.updateDefinition(r.actor, r.params.definition_id, r.body))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/metric-definitions/{definition_id}/automations',
    tag,
    access: 'write',
    graphql: 'Mutation.createAutomation',
    errors: [409],
    summary: 'Add an automation (fires at most once per local day)',
    params: definitionParams,
    body: AutomationCreate,
    responses: { 201: AutomationRead },
    handler: async (r) => created(presentAutomation(await automations.createAutomation(r.actor, r.params.definition_id, r.body))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/metric-definitions/{definition_id}/automations/{automation_id}',
    version: { type: 'metric_definition', param: 'definition_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateAutomation',
    summary: 'Change an automation; omitted fields stay',
    params: automationParams,
    body: AutomationUpdate,
    responses: { 200: AutomationRead },
    handler: async (r) =>
      ok(presentAutomation(await automations.updateAutomation(r.actor, r.params.definition_id, r.params.automation_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/metric-definitions/{definition_id}/automations/{automation_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteAutomation',
    summary: 'Delete an automation',
    params: automationParams,
    responses: { 204: null },
    handler: async (r) => (await automations.deleteAutomation(r.actor, r.params.definition_id, r.params.automation_id), noContent()),
  }),
];
