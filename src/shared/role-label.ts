/** Words kept lower case unless they start the label (docs/product.md#role-colours-and-labels). */
const MINOR_WORDS = new Set(['of', 'and']);

/** Words always written in capitals ('hr' as 'HR', docs/product.md#role-colours-and-labels). */
const UPPER_WORDS = new Set(['hr']);

/**
 * The display label of a role (docs/product.md#role-colours-and-labels): words title-cased, 'of' and 'and' lower case
 * unless first, 'hr' (any case, as a whole word) as 'HR'. Underscores and runs of whitespace become single spaces;
 * leading and trailing ones are dropped. Other abbreviations (ceo, cfo) are title-cased like any word.
 * @param role a role key or free role text, e.g. 'director of finance and operations', 'HEAD OF HR', 'blog_writer'
 * @returns e.g. 'Director of Finance and Operations', 'Head of HR', 'Blog Writer'; '' for blank input
 */
export function formatRoleLabel(role: string): string {
  const words = role
    .replace(/_/gu, ' ')
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (UPPER_WORDS.has(lower)) return lower.toUpperCase();
      if (i > 0 && MINOR_WORDS.has(lower)) return lower;
      const [first = '', ...rest] = Array.from(lower);
      return first.toUpperCase() + rest.join('');
    })
    .join(' ');
}
