import { followQuestionText, renameItem } from '../utils/catalog-edits';
import { Advanced, SelectField, TextField } from './fields';

/*
 * What a form's question and a quiz's question have in common in the studio: the head of each (its text, whose id
 * follows it, and its kind) and its id under 'Advanced'.
 */

/**
 * A question's id under 'Advanced' (docs/product.md#renaming-a-step): made from its text until the step is published
 * with it; changing a published question's id is a rename that keeps members' answers.
 */
export function QuestionId<T extends { id: string; renamedFrom?: string | undefined }>({
  question,
  path,
  label,
  publishedIds,
  onChange,
}: {
  question: T;
  path: string;
  label: string;
  publishedIds: ReadonlySet<string>;
  onChange: (question: T) => void;
}) {
  return (
    <Advanced>
      <TextField
        path={path}
        label={label}
        value={question.id}
        onChange={(v) => onChange(renameItem(question, v, publishedIds))}
        hint={
          question.renamedFrom !== undefined
            ? `Renamed from “${question.renamedFrom}”: members' answers move to the new id when you publish.`
            : publishedIds.has(question.id)
              ? "Members' answers are stored by it. Changing it renames the question: when you publish, their answers move to the new id."
              : 'Made from the question until the step is published with it.'
        }
      />
    </Advanced>
  );
}

/** A question that has a text, a kind and an id made from its text. */
type Question<K extends string> = { id: string; renamedFrom?: string | undefined; kind: string } & Record<K, string>;

/** What a form or a quiz sets once for the heads of all its questions ({@link QuestionHead}). */
export interface QuestionHeads<T extends Question<K>, K extends string> {
  /** Every question of the step, in order. */
  questions: readonly T[];
  publishedIds: ReadonlySet<string>;
  /** Where a question keeps its text: a form field's `label`, a quiz question's `text`. */
  textKey: K;
  /** The kind select's label after 'Question N: '. */
  kindLabel: string;
  kinds: readonly { value: string; label: string }[];
  /** The question with another kind. */
  withKind: (question: T, kind: string) => T;
}

/**
 * The head of a form's or a quiz's question: its text ('Question N'), whose id follows it until the step is published
 * with it ({@link followQuestionText}), and its kind.
 */
export function QuestionHead<T extends Question<K>, K extends string>({
  heads: { questions, publishedIds, textKey, kindLabel, kinds, withKind },
  question,
  index,
  itemPath,
  onChange,
}: {
  heads: QuestionHeads<T, K>;
  question: T;
  index: number;
  itemPath: string;
  onChange: (question: T) => void;
}) {
  return (
    <>
      <TextField
        path={`${itemPath}.${textKey}`}
        label={`Question ${index + 1}`}
        value={question[textKey]}
        onChange={(v) =>
          onChange(
            followQuestionText(
              question,
              v,
              publishedIds.has(question.id),
              questions.filter((_, j) => j !== index).map((q) => q.id),
              (q) => q[textKey],
              (q, text) => ({ ...q, [textKey]: text }),
            ),
          )
        }
      />
      <SelectField
        path={`${itemPath}.kind`}
        label={`Question ${index + 1}: ${kindLabel}`}
        value={question.kind}
        onChange={(v) => onChange(withKind(question, v))}
        options={kinds}
      />
    </>
  );
}
