import { createHash } from 'node:crypto';

/**
 * The pieces every chart is made of. Charts are text the server writes itself (no browser, no DOM,
 * no charting library: docs/decisions.md, Show it): deterministic to the byte for the same data and
 * settings, so an ETag of the bytes is a stable validator.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values: a tag name or a metric's display name is the user's own text. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A coordinate to a tenth of a pixel: short, and the same string for the same number. */
export const px = (x: number): string => String(Math.round(x * 10) / 10 || 0);

const DAY_MS = 86_400_000;
export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
/** Every day of from..to, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from), end = dayMs(to); t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export type SvgDocument = { width: number; height: number; title: string; desc: string; style: string; body: string[] };

/** A chart drawn: the SVG, and its title and description in words (what a screen reader or a language model reads). */
export type RenderedChart = { svg: string; title: string; description: string };

/** An accessible SVG document: its title and description name what it shows for a screen reader. */
export function svgDocument(d: SvgDocument): RenderedChart {
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" height="${d.height}" role="img" aria-labelledby="t d" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="11">`,
    `<title id="t">${esc(d.title)}</title>`,
    `<desc id="d">${esc(d.desc)}</desc>`,
    `<style>${d.style}</style>`,
    ...d.body,
    '</svg>',
  ].join('\n');
  return { svg, title: d.title, description: d.desc };
}

/** A strong ETag of the document's bytes. */
export const etagOf = (svg: string): string => `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
