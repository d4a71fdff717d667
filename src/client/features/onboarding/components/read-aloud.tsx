import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import Square from 'lucide-react/icons/square';
import Volume2 from 'lucide-react/icons/volume-2';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The name of the CSS highlight of the sentence being read (`::highlight(read-aloud)` in src/client/styles/index.css). */
const HIGHLIGHT_NAME = 'read-aloud';

/** Marks an element whose text 'Read this step' speaks, in the page's order (title, description, tasks). */
const READ_ALOUD_ATTRIBUTE = 'data-read-aloud';

interface Sentence {
  text: string;
  /** Where it is on the page, for the highlight. */
  range: Range;
}

/**
 * The sentences of the marked elements inside `root`, each with its place on the page (the browser's own sentence
 * breaking, `Intl.Segmenter`, where it has it; else each element's text is one sentence). Elements hidden by the style
 * sheet (the standard text while easy read is shown, or the other way round) are left out.
 */
function sentencesIn(root: HTMLElement): Sentence[] {
  const segmenter = 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'sentence' }) : null;
  const sentences: Sentence[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`[${READ_ALOUD_ATTRIBUTE}]`)) {
    if (element.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const data = node.textContent ?? '';
      const parts = segmenter === null ? [{ segment: data, index: 0 }] : [...segmenter.segment(data)];
      for (const { segment, index } of parts) {
        const text = segment.trim();
        if (text === '') continue;
        const range = document.createRange();
        const start = index + segment.indexOf(text);
        range.setStart(node, start);
        range.setEnd(node, start + text.length);
        sentences.push({ text, range });
      }
    }
  }
  return sentences;
}

function highlight(range: Range | null): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return;
  if (range === null) CSS.highlights.delete(HIGHLIGHT_NAME);
  else CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(range));
}

/**
 * Whether the browser can speak: it has `speechSynthesis` and at least one voice (voices may arrive after the page
 * loads, `voiceschanged`). False on the server and before the page's code runs, so the first screen has no button.
 */
function useHasVoices(): boolean {
  const [hasVoices, setHasVoices] = useState(false);
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return undefined;
    const check = () => setHasVoices(speechSynthesis.getVoices().length > 0);
    check();
    speechSynthesis.addEventListener('voiceschanged', check);
    return () => speechSynthesis.removeEventListener('voiceschanged', check);
  }, []);
  return hasVoices;
}

/** A reading, with what stops its card's controls. */
interface Reading {
  stop: () => void;
}

/** The reading going on in any card, so that another card's 'Read this step' stops it first (there is one voice). */
let currentReading: Reading | null = null;

type ReaderState = 'idle' | 'speaking' | 'paused';

/**
 * 'Read this step' (docs/product.md#reading-and-display): speaks the step's title, description and tasks (the elements
 * marked {@link READ_ALOUD_ATTRIBUTE} inside `root`) with the browser's own speech synthesis, one sentence after the
 * other, highlighting the sentence being read (the CSS Custom Highlight API); then 'Pause'/'Resume' and 'Stop'. Not
 * shown where the browser has no voices. Stops when the card closes.
 *
 * Pause stops the voice (`cancel`) and keeps the place; Resume reads the paused sentence again from its start. The
 * engine's own `pause`/`resume` are not used: Chromium with speech-dispatcher (Linux) pauses only at the end of a
 * sentence and loses a resume, after which nothing is spoken again; a cancel and a new utterance work everywhere
 * (docs/decisions/072-read-aloud-pause-and-a-real-voice-in-ci.md).
 * @param root the step card holding the marked elements
 */
export function ReadAloud({ root }: { root: RefObject<HTMLElement | null> }) {
  const hasVoices = useHasVoices();
  const [state, setState] = useState<ReaderState>('idle');
  const mainButton = useRef<HTMLButtonElement>(null);
  // This card's reading, or null: another card's reading stops it first.
  const reading = useRef<Reading | null>(null);
  const sentences = useRef<Sentence[]>([]);
  // The sentence being read, or where a paused reading goes on.
  const at = useRef(0);
  // The utterance whose events count: an utterance cancelled (by Pause, Stop or another reading) is ignored.
  const live = useRef<SpeechSynthesisUtterance | null>(null);

  const stop = (cancel: boolean) => {
    if (currentReading === reading.current) currentReading = null;
    reading.current = null;
    live.current = null;
    if (cancel) speechSynthesis.cancel();
    highlight(null);
    setState('idle');
  };

  useEffect(
    () => () => {
      if (reading.current !== null) {
        if (currentReading === reading.current) currentReading = null;
        reading.current = null;
        live.current = null;
        speechSynthesis.cancel();
        highlight(null);
      }
    },
    [],
  );

  const speakFrom = (index: number) => {
    const sentence = sentences.current[index];
    if (sentence === undefined) {
      stop(false);
      return;
    }
    at.current = index;
    const utterance = new SpeechSynthesisUtterance(sentence.text);
    utterance.lang = document.documentElement.lang || 'en';
    live.current = utterance;
    utterance.addEventListener('start', () => {
      if (live.current === utterance) highlight(sentence.range);
    });
    utterance.addEventListener('end', () => {
      if (live.current === utterance) speakFrom(index + 1);
    });
    utterance.addEventListener('error', () => {
      if (live.current === utterance) stop(false);
    });
    speechSynthesis.speak(utterance);
  };

  const start = () => {
    const element = root.current;
    if (element === null) return;
    currentReading?.stop();
    speechSynthesis.cancel();
    sentences.current = sentencesIn(element);
    const token: Reading = { stop: () => stop(false) };
    reading.current = token;
    currentReading = token;
    setState('speaking');
    speakFrom(0);
  };

  if (!hasVoices) return null;
  const [label, Icon] =
    state === 'idle' ? ['Read this step', Volume2] : state === 'speaking' ? ['Pause', Pause] : ['Resume', Play];
  return (
    <div className="mb-4 flex flex-wrap gap-2">
      <Button
        ref={mainButton}
        variant="outline"
        size="sm"
        onClick={() => {
          if (state === 'idle') start();
          else if (state === 'speaking') {
            // The highlight stays on the sentence that Resume reads again.
            live.current = null;
            speechSynthesis.cancel();
            setState('paused');
          } else {
            setState('speaking');
            speakFrom(at.current);
          }
        }}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
      {state === 'idle' ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            stop(true);
            // The button pressed is gone: focus goes back to 'Read this step' (WCAG 2.4.3).
            mainButton.current?.focus();
          }}
        >
          <Square aria-hidden="true" />
          Stop
        </Button>
      )}
    </div>
  );
}
