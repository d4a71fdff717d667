/** Values frozen all the way down by {@link deepFreeze}. */
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes a value and every object and array it holds, so that a value shared between requests (the read cache, the
 * resolved roles) cannot be changed by one of them for the others.
 * @returns the same value
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  deeplyFrozen.add(value);
  return value;
}

/** Whether a value went through {@link deepFreeze}: it and everything in it can never change. */
export function isDeepFrozen(value: unknown): value is object {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}
