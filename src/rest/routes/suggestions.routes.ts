import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as suggestions from '../../domain/suggestions/suggestions.service.ts';
import { SuggestionAccept, SuggestionListQuery } from '../../domain/suggestions/suggestions.schemas.ts';
import { presentSuggestion, presentSuggestionPage, SuggestionListResponse, SuggestionRead } from '../../representation/suggestions.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'suggestions';
const params = z.object({ suggestion_id: uuid() });

export const suggestionRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/suggestions',
    tag,
    access: 'read',
    graphql: 'User.suggestions',
    summary: 'The inbox, newest first (status defaults to pending); pending_count counts every pending suggestion',
    query: SuggestionListQuery,
    responses: { 200: SuggestionListResponse },
    handler: async (r) => ok(presentSuggestionPage(await suggestions.listSuggestions(r.actor, r.query))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/suggestions/{suggestion_id}',
    version: { type: 'suggestion', param: 'suggestion_id' },
    tag,
    access: 'read',
    graphql: 'User.suggestion',
    summary: 'One suggestion',
    params,
    responses: { 200: SuggestionRead },
    handler: async (r) => ok(presentSuggestion(await suggestions.getSuggestion(r.actor, r.params.suggestion_id))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/suggestions/{suggestion_id}/accept',
    tag,
    access: 'write',
    graphql: 'Mutation.acceptSuggestion',
    errors: [409],
    summary:
      'Accept: creates the event / metric reading / meal event (optionally with changed payload fields); 409 when already decided or expired',
    params,
    body: SuggestionAccept,
    responses: { 200: SuggestionRead },
    handler: async (r) => ok(presentSuggestion(await suggestions.acceptSuggestion(r.actor, r.params.suggestion_id, r.body))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/suggestions/{suggestion_id}/dismiss',
    tag,
    access: 'write',
    graphql: 'Mutation.dismissSuggestion',
    errors: [409],
    summary: 'Dismiss; 409 when already decided or expired',
    params,
    responses: { 200: SuggestionRead },
    handler: async (r) => ok(presentSuggestion(await suggestions.dismissSuggestion(r.actor, r.params.suggestion_id))),
  }),
];
