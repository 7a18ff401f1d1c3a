import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import { currentLogFields } from './observability/log-context.js';

export type { Logger };

/**
 * Values never written to logs, whatever object they appear in: credentials sent to us or by us.
 * (Secrets at rest are encrypted and never loaded into loggable objects; this is the second fence.)
 */
const redactPaths = [
  'apiKey',
  '*.apiKey',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'password',
  '*.password',
];

/**
 * Structured JSON logs. Every line carries the ids of the request or activity it is written for
 * (requestId, projectId, agentId, generationId, traceId; see observability/log-context.ts) and the
 * OpenTelemetry trace/span ids when a span is active.
 */
export function createLogger(level: string, name: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      name,
      base: { service: name },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor: '[redacted]' },
      mixin() {
        const span = trace.getActiveSpan()?.spanContext();
        return span ? { ...currentLogFields(), otelTraceId: span.traceId, spanId: span.spanId } : currentLogFields();
      },
    },
    destination,
  );
}
