import type { Step } from '@shared/content-schema';
import {
  SIGNED_NAME_MAX_LENGTH,
  agreementName,
  agreementSentence,
  signedNameProblem,
  stepVersion,
} from '@shared/acknowledgments';
import { useQueryClient } from '@tanstack/react-query';
import PenLine from 'lucide-react/icons/pen-line';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { signStepResponseDecoder } from '@/lib/decoders';
import { queryKeys } from '@/lib/query-keys';

export interface SignatureDialogProps {
  step: Step;
  /** Closes the dialog (Cancel, Escape, or after signing). */
  onClose: () => void;
  /** Called once the signature is saved (the step is then completed on the server). */
  onSigned: (recordId: string) => void;
}

/**
 * The signature of a step that asks for one (its own chunk, loaded when such a step is opened or its button
 * pressed): the person types their full name and confirms 'I have read and agree to …'; Sign is enabled only then.
 * A name without visible letters, or with a hidden control or text-direction character, is refused before it is sent
 * (`signedNameProblem`, the rule the server applies too).
 * The server records the signature with the exact version of the document and completes the step; its refusal
 * (e.g. the document changed meanwhile) is shown in the dialog.
 */
export function SignatureDialog({ step, onClose, onSigned }: SignatureDialogProps) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const agreeId = useId();
  const hintId = useId();
  const reasonId = useId();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const what = agreementName(step.title);
  const ready = name.trim().length > 0 && agreed && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    // The server's rule (shared), checked here first so the answer comes at once.
    const problem = signedNameProblem(name);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await apiRequest(apiPaths.signStep(step.id), signStepResponseDecoder, {
        method: 'POST',
        body: { name: name.trim(), agree: true, version: stepVersion(step) },
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.onboarding, exact: true });
      onSigned(saved.acknowledgment.id);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Your signature could not be saved. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-4 sm:p-6 shadow-xl focus:outline-none">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <div className="flex flex-wrap items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <PenLine aria-hidden="true" className="size-5" />
              </span>
              <Dialog.Title className="text-lg font-bold text-slate-900">Sign {what}</Dialog.Title>
            </div>
            <Dialog.Description className="mt-3 text-sm leading-relaxed text-slate-700">
              Type your full name and tick the box. This is your signature. You can download a receipt afterwards.
            </Dialog.Description>

            <label htmlFor={nameId} className="mt-5 block text-sm font-semibold text-slate-900">
              Your full name
            </label>
            <input
              id={nameId}
              name="name"
              autoComplete="name"
              value={name}
              maxLength={SIGNED_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              aria-describedby={hintId}
              className="mt-1.5 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600"
            />
            <p id={hintId} className="mt-1 text-xs text-slate-600">
              For example: Sam Lee. Use the name you would sign on paper.
            </p>

            <div className="mt-3 flex items-start gap-3">
              <Checkbox
                id={agreeId}
                checked={agreed}
                onCheckedChange={(state) => setAgreed(state === true)}
                className="mt-1.5"
              />
              <label htmlFor={agreeId} className="py-1 text-sm text-slate-900">
                {agreementSentence(step.title)}
              </label>
            </div>

            {error ? (
              <p
                role="alert"
                className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
              >
                {error}
              </p>
            ) : null}

            <div className="mt-6 flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              {/* Why Sign is disabled, read with the button by a screen reader (hidden text may describe). */}
              <span id={reasonId} hidden>
                Type your full name and tick the box first.
              </span>
              <Button type="submit" disabled={!ready} aria-describedby={!ready && !busy ? reasonId : undefined}>
                {busy ? (
                  <>
                    <Spinner /> Signing…
                  </>
                ) : (
                  'Sign'
                )}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
