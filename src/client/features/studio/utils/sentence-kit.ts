import { diffWords } from 'diff';

/** What the change sentences share: a sentence with its marked words, and the comparisons they make (docs/product.md#editing-in-the-browser). */

/** A run of words of a changed text: kept, removed (`removed`) or added (`added`). */
export interface WordPart {
  value: string;
  added: boolean;
  removed: boolean;
}

export interface ChangeSentence {
  /** The sentence, e.g. "Changed the description of ‘Set up Slack’ (Volunteer)." Never an id or a setting's key. */
  text: string;
  /** For a changed text: the text's words, the removed and the added ones marked. */
  words?: WordPart[];
  /** What only a technical reader needs (the ids of a rename), shown under "Advanced". */
  advanced?: string;
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A changed text as a sentence with its words marked. */
export function textChange(text: string, before: string, after: string): ChangeSentence {
  return {
    text,
    words: diffWords(before, after).map((part) => ({ value: part.value, added: part.added, removed: part.removed })),
  };
}

/** "Changed the order of …" when the items kept in both lists are in another order. */
export function orderChanged(before: readonly { id: string }[], after: readonly { id: string }[]): boolean {
  const kept = (list: readonly { id: string }[], other: readonly { id: string }[]) =>
    list.map((x) => x.id).filter((id) => other.some((y) => y.id === id));
  return !same(kept(before, after), kept(after, before));
}
