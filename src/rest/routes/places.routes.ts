import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { recordLocations } from '../../domain/places/locations.service.ts';
import { recordOwnTracks } from '../../domain/places/owntracks.ts';
import * as places from '../../domain/places/places.service.ts';
import * as visits from '../../domain/places/visits.service.ts';
import {
  LocationBatch,
  LocationHistoryQuery,
  OwnTracksBody,
  PlaceCreate,
  PlaceListQuery,
  PlaceUpdate,
  PlaceVisitCreate,
  VisitListQuery,
} from '../../domain/places/places.schemas.ts';
import {
  LocationBatchResult,
  PlaceRead,
  PlaceVisitRead,
  presentLocationBatch,
  presentPlace,
  presentVisit,
} from '../../representation/places.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'places';
const params = z.object({ place_id: uuid() });
const visitParams = z.object({ visit_id: uuid() });

export const placeRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/places',
    tag,
    access: 'write',
    graphql: 'Mutation.createPlace',
    summary: 'Add a place (a point and a radius, 100 m unless given)',
    body: PlaceCreate,
    responses: { 201: PlaceRead },
    handler: async (r) => created(presentPlace(await places.createPlace(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/places',
    tag,
    access: 'read',
    graphql: 'User.places',
    summary: 'Places, newest first, each with its visit count and last visit',
    query: PlaceListQuery,
    responses: { 200: z.array(PlaceRead) },
    handler: async (r) => ok((await places.listPlaces(r.actor, r.query)).map(presentPlace)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/places/{place_id}',
    version: { type: 'place', param: 'place_id' },
    tag,
    access: 'read',
    graphql: 'User.place',
    summary: 'One place',
    params,
    responses: { 200: PlaceRead },
    handler: async (r) => ok(presentPlace(await places.getPlace(r.actor, r.params.place_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/places/{place_id}',
    version: { type: 'place', param: 'place_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updatePlace',
    summary: 'Change a place; omitted fields stay, null clears tags, liked, notes or rating',
    params,
    body: PlaceUpdate,
    responses: { 200: PlaceRead },
    handler: async (r) => ok(presentPlace(await places.updatePlace(r.actor, r.params.place_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/places/{place_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deletePlace',
    summary: 'Delete a place and its visits',
    params,
    responses: { 204: null },
    handler: async (r) => (await places.deletePlace(r.actor, r.params.place_id), noContent()),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/places/{place_id}/visits',
    tag,
    access: 'write',
    graphql: 'Mutation.createPlaceVisit',
    summary: 'Log a visit; occurred_at defaults to now, local_date to its day in the user timezone',
    params,
    body: PlaceVisitCreate,
    responses: { 201: PlaceVisitRead },
    handler: async (r) => created(presentVisit(await visits.createVisit(r.actor, r.params.place_id, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/places/{place_id}/visits',
    tag,
    access: 'read',
    graphql: 'User.placeVisits',
    summary: "A place's visits, newest first",
    params,
    query: VisitListQuery,
    responses: { 200: z.array(PlaceVisitRead) },
    paged: true,
    graphqlPage: 'User.placeVisitsPage',
    handler: async (r) => pagedReply(r, await visits.pageVisits(r.actor, r.params.place_id, r.query), presentVisit),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/visits/{visit_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deletePlaceVisit',
    summary: 'Delete a visit (manual or detected)',
    params: visitParams,
    responses: { 204: null },
    handler: async (r) => (await visits.deleteVisit(r.actor, r.params.visit_id), noContent()),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/location-history',
    tag,
    access: 'read',
    graphql: 'User.locationHistory',
    summary:
      'Manual and detected visits together, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive)',
    query: LocationHistoryQuery,
    responses: { 200: z.array(PlaceVisitRead) },
    paged: true,
    graphqlPage: 'User.locationHistoryPage',
    handler: async (r) => pagedReply(r, await visits.pageLocationHistory(r.actor, r.query), presentVisit),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/locations',
    tag,
    access: 'write',
    graphql: 'Mutation.recordLocations',
    summary:
      'Record up to 10,000 location samples in one transaction (a recorded_at already stored is skipped) and detect stays around them',
    body: LocationBatch,
    bodyLimit: '4mb',
    responses: { 200: LocationBatchResult },
    handler: async (r) => ok(presentLocationBatch(await recordLocations(r.actor, r.body))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/owntracks',
    tag,
    access: 'write',
    basicAuth: true,
    graphql: 'Mutation.recordLocations',
    summary:
      'The OwnTracks app in HTTP mode (Mode: HTTP, URL: this path, Authentication: any username and a write personal access token as the password; a Bearer token works too): a message or an array of queued messages; each `location` becomes a sample (stays detected as POST …/locations does), every other message type is ignored. Answers 200 with [] (no messages back), so the app clears its queue',
    body: OwnTracksBody,
    bodyLimit: '4mb',
    responses: { 200: z.array(z.never()).meta({ description: 'Always empty: nothing to send back to the app' }) },
    handler: async (r) => (await recordOwnTracks(r.actor, r.body), ok([])),
  }),
];
