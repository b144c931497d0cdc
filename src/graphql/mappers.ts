import type { Page } from '../core/paging.ts';
import type { ChangesPage } from '../domain/changes/changes.service.ts';
import type { CalendarEvent } from '../domain/calendar/calendar-event.entity.ts';
import type { LogCapture } from '../domain/captures/capture.entity.ts';
import type { Event } from '../domain/events/event.entity.ts';
import type { Reading } from '../domain/metrics/readings.service.ts';
import type { Narrative } from '../domain/narratives/narrative.entity.ts';
import type { VisitRecord } from '../domain/places/visits.service.ts';

/** The parent value of a `User`: its id; every field loads through the services as that user. */
export type UserParent = { id: string };

/** A page of the changes feed; each change's resource is already its REST read (Change.data). */
export type ChangesPageParent = ChangesPage<unknown>;
export type ChangeParent = ChangesPageParent['changes'][number];

/** Pages of long lists (cursor paging): the domain page; `pageInfo` is computed from its cursor. */
export type MetricReadingPageParent = Page<Reading>;
export type EventPageParent = Page<Event>;
export type LogCapturePageParent = Page<LogCapture>;
export type CalendarEventPageParent = Page<CalendarEvent>;
export type NarrativePageParent = Page<Narrative>;
export type PlaceVisitPageParent = Page<VisitRecord>;
