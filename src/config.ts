import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PGLITE_DIR: z.string().min(1).default('./data/pglite'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_REGISTRATION: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  jwtSecret: string | undefined;
  allowRegistration: boolean;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  workers: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    pgliteDir: c.PGLITE_DIR,
    jwtSecret: c.JWT_SECRET,
    allowRegistration: c.ALLOW_REGISTRATION,
    logLevel: c.LOG_LEVEL,
    workers: c.WORKERS,
    trustProxy: c.TRUST_PROXY,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  };
}
