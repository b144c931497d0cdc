import type { Response } from 'supertest';

/** Asserts a FastAPI-shaped 422 whose detail contains an issue at exactly `loc`. */
export function expect422(res: Response, loc: (string | number)[]): void {
  if (res.status !== 422) throw new Error(`expected 422 at ${JSON.stringify(loc)}, got ${res.status} ${JSON.stringify(res.body)}`);
  const locs = (res.body.detail as { loc: unknown[]; msg: string; type: string }[]).map((d) => {
    expect(typeof d.msg).toBe('string');
    expect(typeof d.type).toBe('string');
    return JSON.stringify(d.loc);
  });
  expect(locs).toContain(JSON.stringify(loc));
}

/** Asserts a non-validation error: the status and a human sentence in `detail`. */
export function expectError(res: Response, status: number): void {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail.length).toBeGreaterThan(0);
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
