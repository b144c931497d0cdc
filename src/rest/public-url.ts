import type { Request } from 'express';
import type { Config } from '../config.ts';

/** The address clients reach this server at: PUBLIC_URL when set, else the request's own protocol and host. */
export function publicBaseUrl(req: Request, config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
}
