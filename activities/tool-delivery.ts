// The rule is pure: the API reads it too, when it plans a fork (docs/fork.md).
export { deliveryOf } from '../contracts/tool-delivery.js';

/** What the model gets for an at-most-once call that was interrupted: it may or may not have happened. */
export function outcomeUnknownContent(toolName: string): string {
  return JSON.stringify({
    error: `The call to ${toolName} was interrupted and its outcome is unknown: it may or may not have taken effect. It was not repeated because ${toolName} is at-most-once; check its effect before calling it again.`,
    outcome: 'unknown',
  });
}
