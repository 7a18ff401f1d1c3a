import { execFileSync } from 'node:child_process';
import type { temporal } from '@temporalio/proto';
import { resolveTemporalCli } from '../../infra/temporal/cli.js';

/**
 * Reading workflow histories in tests. A history comes either from the client (`fetchHistory`,
 * payload bytes as Uint8Array) or from a committed JSON file (the Temporal CLI's JSON: bytes as
 * base64 text); the helpers read both.
 */
type History = temporal.api.history.v1.IHistory;

const text = (data: Uint8Array | string | null | undefined): string =>
  typeof data === 'string' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data ?? []).toString('utf8');

/** The local activities a workflow history recorded, by type, in order (each one is a marker). */
export function localActivityTypes(history: History): string[] {
  return (history.events ?? []).flatMap((e) => {
    const m = e.markerRecordedEventAttributes;
    if (m?.markerName !== 'core_local_activity') return [];
    const data = m.details?.data?.payloads?.[0]?.data;
    return [JSON.parse(text(data)).activity_type as string];
  });
}

/** The text of each patch marker a history recorded (its payloads are JSON bytes), in order. */
export function patchMarkerTexts(history: History): string[] {
  return (history.events ?? [])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map((e) =>
      Object.values(e.markerRecordedEventAttributes?.details ?? {})
        .flatMap((p) => p.payloads ?? [])
        .map((p) => text(p.data))
        .join(' '),
    );
}

/** The GenerationStatus search attribute values a history upserted, in order. */
export function shownStatuses(history: History): string[] {
  return (history.events ?? []).flatMap((e) => {
    const field = e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.GenerationStatus;
    return field?.data ? [JSON.parse(text(field.data)) as string] : [];
  });
}

/**
 * A workflow's history as the Temporal CLI exports it (`temporal workflow show --output json`), the
 * JSON form the SDK's replay reads: what the committed replay histories are.
 */
export function exportedHistoryJSON(address: string, workflowId: string, namespace = 'default'): string {
  const cli = resolveTemporalCli({ cliPathFromEnv: process.env.TEMPORAL_CLI_PATH, install: false });
  if (cli.kind !== 'path') throw new Error(`no Temporal CLI to export histories with (${cli.reason})`);
  return execFileSync(
    cli.path,
    [
      'workflow',
      'show',
      '--workflow-id',
      workflowId,
      '--output',
      'json',
      '--address',
      address,
      '--namespace',
      namespace,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}
