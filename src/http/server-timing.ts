import type { NextFunction, Request, Response } from 'express';

/**
 * `Server-Timing: app;dur=<ms>` on every answer: the time the server spent on it, from the request
 * reaching express to the headers leaving, which browsers' developer tools and the benchmarks read
 * apart from network time. Set as the headers are written, the last moment it is known.
 */
export function serverTiming(_req: Request, res: Response, next: NextFunction): void {
  const start = process.hrtime.bigint();
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!this.headersSent) this.setHeader('Server-Timing', `app;dur=${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(2)}`);
    return writeHead(...args);
  } as Response['writeHead'];
  next();
}
