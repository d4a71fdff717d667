/**
 * Which completions this browser has celebrated already (docs/product.md#progress-rules: the confetti of 100% plays
 * once, not on every visit to a completed onboarding). Kept in local storage under {@link CELEBRATED_KEY} as a JSON list
 * of celebration keys (e.g. `u_123:finance`, `demo:test`).
 */

/** The local-storage key (docs/product.md#browser-storage). */
export const CELEBRATED_KEY = 'onboarding_celebrated';

/** At most this many keys are kept (the newest), so the entry never grows without bound. */
const MAX_KEYS = 50;

function readKeys(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CELEBRATED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    // Unreadable or unavailable storage: nothing counts as celebrated (the worst case is confetti once more).
    return [];
  }
}

/**
 * Whether the completion named `key` was celebrated in this browser.
 * @param key who completed what, e.g. `{userId}:{roleKey}`
 * @returns true once {@link markCelebrated} was called with `key`; false when storage cannot be read
 */
export function wasCelebrated(key: string): boolean {
  return readKeys().includes(key);
}

/**
 * Remembers that the completion named `key` was celebrated. Never throws (storage full or blocked: not remembered).
 * @param key who completed what, e.g. `{userId}:{roleKey}`
 */
export function markCelebrated(key: string): void {
  const keys = [...readKeys().filter((k) => k !== key), key].slice(-MAX_KEYS);
  try {
    localStorage.setItem(CELEBRATED_KEY, JSON.stringify(keys));
  } catch {
    // Decoration only: nothing to do.
  }
}
