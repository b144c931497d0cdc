import type { NextFunction, Request, Response } from 'express';
import { beginForeground } from '../core/foreground.ts';

/** Counts the request as foreground work until its answer is sent or its connection closes. */
export function trackForeground(_req: Request, res: Response, next: NextFunction): void {
  const done = beginForeground();
  res.on('finish', done);
  res.on('close', done);
  next();
}
