/**
 * The initials of a name: the first letters of its first and last words, upper case; '?' for a blank name.
 * @example initialsOf('Alex Rivera') === 'AR'
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? Array.from(w)[0]?.toUpperCase() : '') ?? '').join('') || '?';
}
