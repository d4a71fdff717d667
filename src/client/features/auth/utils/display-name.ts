/** The name shown for an account that has none (the product's fallback name). */
export const UNKNOWN_USER_NAME = 'Unknown User';

/**
 * The name to show for a signed-in person.
 * @param name the account's name as stored (may be blank)
 * @returns the trimmed name, or {@link UNKNOWN_USER_NAME} when it is blank
 */
export function displayNameOf(name: string): string {
  return name.trim() || UNKNOWN_USER_NAME;
}
