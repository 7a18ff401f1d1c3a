import type { Client } from '@temporalio/client';
import type { Env } from '../config/env.js';
import type { SecretBox } from '../infra/crypto/secrets.js';
import type { Db } from '../infra/db/prisma.js';
import type { ChangeFeed } from '../infra/events/change-feed.js';
import type { Logger } from '../infra/logger.js';
import type { Outbound } from '../infra/net/outbound.js';
import type { ConnectionLimits } from './services/connection-limits.js';

/** Everything route handlers need; built once per process and passed to createApp. */
export interface AppContext {
  env: Env;
  db: Db;
  temporal: Client;
  feed: ChangeFeed;
  secrets: SecretBox;
  logger: Logger;
  /** Guarded dispatchers by purpose (the runtime's); made from `env` when absent (services/outbound.ts). */
  outbound?: Outbound;
  /** Open streams and synchronous waits per key and project; createApp makes one when absent. */
  connections?: ConnectionLimits;
}
