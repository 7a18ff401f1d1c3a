import type { temporal } from '@temporalio/proto';

/** The local activities a workflow history recorded, by type, in order (each one is a marker). */
export function localActivityTypes(history: temporal.api.history.v1.IHistory): string[] {
  return (history.events ?? []).flatMap((e) => {
    const m = e.markerRecordedEventAttributes;
    if (m?.markerName !== 'core_local_activity') return [];
    const data = m.details?.data?.payloads?.[0]?.data;
    return [JSON.parse(Buffer.from(data as Uint8Array).toString('utf8')).activity_type as string];
  });
}

/** The text of each patch marker a history recorded (its payloads are JSON bytes), in order. */
export function patchMarkerTexts(history: temporal.api.history.v1.IHistory): string[] {
  return (history.events ?? [])
    .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
    .map((e) =>
      Object.values(e.markerRecordedEventAttributes?.details ?? {})
        .flatMap((p) => p.payloads ?? [])
        .map((p) => Buffer.from(p.data ?? []).toString('utf8'))
        .join(' '),
    );
}

/** The GenerationStatus search attribute values a history upserted, in order. */
export function shownStatuses(history: temporal.api.history.v1.IHistory): string[] {
  return (history.events ?? []).flatMap((e) => {
    const field = e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.GenerationStatus;
    return field?.data ? [JSON.parse(Buffer.from(field.data).toString('utf8')) as string] : [];
  });
}
