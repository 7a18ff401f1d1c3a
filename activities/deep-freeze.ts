/**
 * `value` with every object and array in it frozen, for plain JSON (no cycles) that a worker
 * shares between activities: a caller that tried to change it throws (ESM is strict mode) instead
 * of changing it for the next one.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
