import { recordLocations } from '../../domain/places/locations.service.ts';
import { createPlace, deletePlace, getPlace, listPlaces, placesByIds, updatePlace } from '../../domain/places/places.service.ts';
import {
  createVisit,
  deleteVisit,
  listVisits,
  locationHistory,
  pageLocationHistory,
  pageVisits,
  placeVisitsBatch,
  visitsByIds,
} from '../../domain/places/visits.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';
import { asInput } from '../../core/validation.ts';

export const placeResolvers: Resolvers = {
  PlaceVisitPage: { pageInfo },
  User: {
    places: (_user, args, { actor }) => listPlaces(actor, serviceArgs(args)),
    place: (_user, { id }, { actor }) => getPlace(actor, id),
    placeVisits: (_user, { placeId, ...args }, { actor }) => listVisits(actor, placeId, serviceArgs(args)),
    locationHistory: (_user, args, { actor }) => locationHistory(actor, serviceArgs(args)),
    placeVisitsPage: (_user, { placeId, ...args }, { actor }) => pageVisits(actor, placeId, serviceArgs(pageArgs(args))),
    locationHistoryPage: (_user, args, { actor }) => pageLocationHistory(actor, serviceArgs(pageArgs(args))),
  },
  Place: {
    visits: (place, args, { loaders }) => loaders.manyById(placeVisitsBatch(serviceArgs(args))).load(place.id),
  },
  Suggestion: {
    resultingPlace: (s, _args, { loaders }) => (s.resultingPlaceId ? loaders.byId(placesByIds).load(s.resultingPlaceId) : null),
    resultingVisit: (s, _args, { loaders }) => (s.resultingVisitId ? loaders.byId(visitsByIds).load(s.resultingVisitId) : null),
  },
  PlaceVisit: {
    // A visit's place always exists (deleting a place deletes its visits).
    place: async (visit, _args, { loaders }) => (await loaders.byId(placesByIds).load(visit.placeId))!,
  },
  Mutation: {
    createPlace: (_root, { input }, { actor }) => withInput('input', () => createPlace(actor, serviceInput(input))),
    updatePlace: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'place', id }, expectedVersion, () => withInput('input', () => updatePlace(actor, id, serviceInput(input)))),
    deletePlace: async (_root, { id }, { actor }) => (await deletePlace(actor, id), true),
    createPlaceVisit: (_root, { id, input }, { actor }) => withInput('input', () => createVisit(actor, id, serviceInput(input))),
    deletePlaceVisit: async (_root, { id }, { actor }) => (await deleteVisit(actor, id), true),
    // Each sample's keys too are in the service's spelling (recordedAt → recorded_at).
    recordLocations: (_root, { input }, { actor }) =>
      withInput('input', () => recordLocations(actor, asInput({ samples: input.samples.map(serviceInput) }))),
  },
};
