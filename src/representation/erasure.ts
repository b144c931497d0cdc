import type { z } from 'zod';
import type { Erasure } from '../domain/erasure/erasure.service.ts';
import type { ErasureResult } from '../domain/erasure/erasure.schemas.ts';

export function presentErasure(e: Erasure): z.infer<typeof ErasureResult> {
  return { erased: e.erased, erased_at: e.erasedAt.toISOString(), rows: e.rows };
}
