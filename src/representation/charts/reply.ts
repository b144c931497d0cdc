import { etagOf, type RenderedChart } from './svg.ts';

/** A chart as an HTTP answer: the SVG's bytes with their ETag (a GET with If-None-Match of it is a 304). */
export function svgAnswer({ svg }: RenderedChart): { headers: Record<string, string>; body: Buffer } {
  return {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      ETag: etagOf(svg),
      // The owner's data: kept by their browser only, and checked again each time (the ETag makes that a 304).
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
    body: Buffer.from(svg),
  };
}
