import type { ChangeSentence } from '../utils/change-sentences';

/**
 * One change as a sentence, with the words that changed marked: struck through when removed, underlined when added;
 * what only a technical reader needs (a rename's ids) under "Advanced".
 */
export function ChangeLine({ change }: { change: ChangeSentence }) {
  return (
    <li>
      {change.text}
      {change.words ? (
        <span className="mt-0.5 block rounded bg-slate-50 px-2 py-1 whitespace-pre-wrap text-slate-800">
          {change.words.map((part, i) =>
            part.removed ? (
              <del key={i} className="bg-red-100 text-red-900">
                <span className="sr-only">[removed: </span>
                {part.value}
                <span className="sr-only">]</span>
              </del>
            ) : part.added ? (
              <ins key={i} className="bg-emerald-100 text-emerald-900">
                <span className="sr-only">[added: </span>
                {part.value}
                <span className="sr-only">]</span>
              </ins>
            ) : (
              <span key={i}>{part.value}</span>
            ),
          )}
        </span>
      ) : null}
      {change.advanced ? (
        <details className="mt-0.5 text-slate-700">
          <summary className="cursor-pointer py-1 text-xs font-semibold">Advanced</summary>
          <span className="block text-xs">{change.advanced}</span>
        </details>
      ) : null}
    </li>
  );
}
