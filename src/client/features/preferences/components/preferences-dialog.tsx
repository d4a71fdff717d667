import { type Motion, MOTIONS, type Preferences, TEXT_SIZES, type Theme, THEMES } from '@shared/preferences';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { savePreferences } from '../api/save-preferences';
import {
  pagePreferences,
  PREFERENCES_TITLE,
  type PreferencesSavedTo,
  showPreferences,
  storePreferences,
} from '../utils/page-preferences';

/** The words of each choice (docs/product.md#reading-and-display). */
const THEME_LABELS: Record<Theme, string> = {
  system: 'Same as this device',
  light: 'Light',
  dark: 'Dark',
  contrast: 'High contrast',
};
const MOTION_LABELS: Record<Motion, string> = {
  system: 'Same as this device',
  reduced: 'Less motion (no confetti or animations)',
  full: 'Full motion',
};
export const SPACING_LABEL = 'More space between lines, words and letters';
export const FONT_LABEL = 'Highly legible font (Atkinson Hyperlegible)';
export const ONE_STEP_LABEL = 'One step at a time: show only the step I am on';
export const EASY_READ_LABEL = 'Easy read: short sentences and pictures, where a step has them';

/** What the panel says about the last choice. */
const SAVED_MESSAGES = {
  saving: 'Saving…',
  account: 'Saved to your account: every device you sign in on shows it.',
  browser: 'Saved in this browser. Once you sign in, it is saved to your account.',
  preboarding: 'Saved for you: from your first sign-in, it is part of your account.',
} as const;

type SaveState = keyof typeof SAVED_MESSAGES | { failed: string } | null;

function messageOf(state: SaveState): string {
  if (state === null) return '';
  if (typeof state === 'object')
    return `Not saved to your account: ${state.failed} It is kept in this browser for now.`;
  return SAVED_MESSAGES[state];
}

/** A group of radio buttons with its legend (arrow keys move between them, as the browser's own). */
function Choices<T extends string | number>({
  legend,
  name,
  values,
  label,
  value,
  onChoose,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  label: (value: T) => ReactNode;
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <fieldset className="mt-5">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5">
        {values.map((option) => (
          <label key={option} className="inline-flex items-center gap-2 py-1 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChoose(option)}
              className="size-4 accent-brand-700"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A group of checkboxes with its legend, each one preference that is on or off. */
function Toggles({
  legend,
  toggles,
}: {
  legend: string;
  toggles: readonly { label: string; checked: boolean; onToggle: (on: boolean) => void }[];
}) {
  return (
    <fieldset className="mt-5">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {toggles.map((toggle, i) => (
        <label
          key={toggle.label}
          className={`${i === 0 ? 'mt-1 ' : ''}flex items-center gap-2 py-1 text-sm text-slate-800`}
        >
          <input
            type="checkbox"
            checked={toggle.checked}
            onChange={(event) => toggle.onToggle(event.target.checked)}
            className="size-4 accent-brand-700"
          />
          {toggle.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The 'Reading and display' panel (docs/product.md#reading-and-display), the browser's own modal dialog: text size,
 * spacing, font, easy read, one step at a time, theme and motion. Each choice shows at once and is saved at once, to
 * the member's account (PUT /api/me/preferences) or, before sign-in, in this browser. Escape or 'Done' closes it.
 * @param savedTo where choices are saved
 * @param onClose called when the dialog has closed
 */
export function PreferencesDialog({ savedTo, onClose }: { savedTo: PreferencesSavedTo; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [preferences, setPreferences] = useState(pagePreferences);
  const [saved, setSaved] = useState<SaveState>(null);
  // Saves one after the other, in the order chosen, so the last choice is the one kept.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) {
      element.showModal();
      // The browser scrolled the panel to its first control, which it focused: where that control still shows with
      // the panel at its top (large text on a small screen), the panel opens at its title instead.
      const focused = document.activeElement;
      element.scrollTop = 0;
      if (
        focused instanceof HTMLElement &&
        focused.getBoundingClientRect().bottom > element.getBoundingClientRect().bottom
      )
        focused.scrollIntoView({ block: 'nearest' });
    }
    return () => element?.close();
  }, []);

  const choose = (change: Partial<Preferences>) => {
    const next = { ...preferences, ...change };
    setPreferences(next);
    showPreferences(next);
    storePreferences({ preferences: next, unsaved: true });
    if (savedTo === 'browser') {
      setSaved('browser');
      return;
    }
    setSaved('saving');
    saving.current = saving.current.then(() =>
      savePreferences(next, savedTo === 'preboarding' ? 'preboarding' : 'account').then(
        () => {
          storePreferences({ preferences: next, unsaved: false });
          setSaved(savedTo === 'preboarding' ? 'preboarding' : 'account');
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 401) setSaved('browser');
          else setSaved({ failed: error instanceof Error ? error.message : String(error) });
        },
      ),
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="fixed top-1/2 left-1/2 z-50 m-0 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 sm:p-6 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {PREFERENCES_TITLE}
      </h2>
      <Choices
        legend="Text size"
        name="text-size"
        values={TEXT_SIZES}
        label={(size) => `${size}%`}
        value={preferences.textSize}
        onChoose={(textSize) => choose({ textSize })}
      />
      <Toggles
        legend="Text"
        toggles={[
          { label: SPACING_LABEL, checked: preferences.spacing, onToggle: (spacing) => choose({ spacing }) },
          {
            label: FONT_LABEL,
            checked: preferences.font === 'legible',
            onToggle: (legible) => choose({ font: legible ? 'legible' : 'standard' }),
          },
          { label: EASY_READ_LABEL, checked: preferences.easyRead, onToggle: (easyRead) => choose({ easyRead }) },
        ]}
      />
      <Toggles
        legend="Steps"
        toggles={[
          {
            label: ONE_STEP_LABEL,
            checked: preferences.oneStepAtATime,
            onToggle: (oneStepAtATime) => choose({ oneStepAtATime }),
          },
        ]}
      />
      <Choices
        legend="Theme"
        name="theme"
        values={THEMES}
        label={(theme) => THEME_LABELS[theme]}
        value={preferences.theme}
        onChoose={(theme) => choose({ theme })}
      />
      <Choices
        legend="Motion"
        name="motion"
        values={MOTIONS}
        label={(motion) => MOTION_LABELS[motion]}
        value={preferences.motion}
        onChoose={(motion) => choose({ motion })}
      />
      <p role="status" className="mt-5 min-h-5 text-sm text-slate-700">
        {messageOf(saved)}
      </p>
      <div className="mt-4 flex justify-end">
        <Button onClick={() => dialog.current?.close()}>Done</Button>
      </div>
    </dialog>
  );
}
