/**
 * Current workflow time in ms. Inside the workflow sandbox `Date` is deterministic: it returns the
 * time of the workflow task being processed, identical on replay.
 */
export function workflowNow(): number {
  return new Date().getTime();
}
