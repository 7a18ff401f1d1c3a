import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; child loggers carry generation/trace ids. */
export function createLogger(level: string, name: string): Logger {
  return pino({ level, name, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
