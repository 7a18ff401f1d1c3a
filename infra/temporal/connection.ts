import { readFileSync } from 'node:fs';
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { NativeConnection, type NativeConnectionOptions } from '@temporalio/worker';
import type { Env } from '../../config/env.js';
import { tracingEnabled } from '../observability/tracing.js';

/** Connection settings for a self-hosted cluster or Temporal Cloud (TLS / mTLS / API key). */
function connectionSettings(env: Env, address: string): ConnectionOptions & NativeConnectionOptions {
  const mtls =
    env.TEMPORAL_TLS_CERT_PATH && env.TEMPORAL_TLS_KEY_PATH
      ? {
          clientCertPair: {
            crt: readFileSync(env.TEMPORAL_TLS_CERT_PATH),
            key: readFileSync(env.TEMPORAL_TLS_KEY_PATH),
          },
        }
      : {};
  const ca = env.TEMPORAL_TLS_CA_PATH ? { serverRootCACertificate: readFileSync(env.TEMPORAL_TLS_CA_PATH) } : {};
  const tlsWanted = env.TEMPORAL_TLS ?? (Boolean(env.TEMPORAL_API_KEY) || 'clientCertPair' in mtls);
  return {
    address,
    ...(tlsWanted ? { tls: { ...mtls, ...ca } } : {}),
    ...(env.TEMPORAL_API_KEY ? { apiKey: env.TEMPORAL_API_KEY } : {}),
  };
}

export async function connectClient(env: Env, address: string): Promise<Client> {
  const connection = await Connection.connect(connectionSettings(env, address));
  // Carries the caller's trace into the workflow, only while tracing is on: with it off the
  // interceptor still writes an (empty) trace header, and a run started with one builds workflow
  // spans nobody exports (docs/performance.md). Tracing is started before any client connects.
  return new Client({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    interceptors: { workflow: tracingEnabled() ? [new OpenTelemetryWorkflowClientInterceptor()] : [] },
  });
}

export async function connectWorker(env: Env, address: string): Promise<NativeConnection> {
  return NativeConnection.connect(connectionSettings(env, address));
}
