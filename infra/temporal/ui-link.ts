/**
 * Links from generations to their workflow in the Temporal UI. Configured once per process from
 * TEMPORAL_UI_URL (and set by `npm run dev` to its dev server's UI); unset, there is no link.
 */
let link: { base: string; namespace: string } | null = null;

export function setTemporalUiLink(base: string | undefined | null, namespace: string): void {
  link = base ? { base: base.replace(/\/+$/, ''), namespace } : null;
}

export function temporalUiLink(workflowId: string): string | null {
  if (!link) return null;
  return `${link.base}/namespaces/${encodeURIComponent(link.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
