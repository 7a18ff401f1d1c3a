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
