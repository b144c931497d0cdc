import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict } from '../core/errors.ts';
import { em } from './context.ts';

/** Flushes, turning a unique-key violation into a Conflict with a sentence the client can show. */
export async function flushUnique(message: string): Promise<void> {
  try {
    await em().flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw new Conflict(message);
    throw err;
  }
}
