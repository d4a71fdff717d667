import type { FormField } from '@shared/content-schema';
import {
  acceptedFileTypes,
  acceptedMediaTypes,
  fileMaxBytes,
  fileRuleText,
  isFileAnswer,
  sizeText,
  type FileAnswer,
} from '@shared/step-answers';
import Download from 'lucide-react/icons/download';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiPaths } from '@/config/paths';
import { useUploadFormFile } from '../../api/step-answers';

/** File name endings per accepted type, for the file chooser (the server decides by the bytes). */
const ENDINGS: Record<string, string[]> = { pdf: ['.pdf'], png: ['.png'], jpeg: ['.jpg', '.jpeg'] };

interface FileQuestionProps {
  stepId: string;
  field: FormField;
  value: unknown;
  /** The problem the form's check or the server found with this answer. */
  error: string | undefined;
  disabled: boolean;
  label: ReactNode;
  onChange: (value: FileAnswer | '') => void;
  /** Whether a file is being sent (the form waits with sending). */
  onBusy: (busy: boolean) => void;
}

/**
 * A file question of a form step (docs/product.md#file-questions): a native file input (keyboard operable, its label,
 * help, the types and size it takes in words tied to it), the chosen file sent at once and shown by name with a link
 * to download it again and a 'Remove file' button, and the server's refusal shown beside it saying what to do.
 */
export function FileQuestion({ stepId, field, value, error, disabled, label, onChange, onBusy }: FileQuestionProps) {
  const id = useId();
  const upload = useUploadFormFile(stepId);
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState('');
  const file = isFileAnswer(value as FileAnswer | undefined) ? (value as FileAnswer) : undefined;
  const shownError = uploadError ?? error;
  const ids = { help: `${id}-help`, rules: `${id}-rules`, error: `${id}-error`, chosen: `${id}-chosen` };
  const describedBy = [field.help ? ids.help : null, ids.rules, file ? ids.chosen : null, shownError ? ids.error : null]
    .filter(Boolean)
    .join(' ');
  const accept = [...acceptedMediaTypes(field), ...acceptedFileTypes(field).flatMap((t) => ENDINGS[t] ?? [])].join(',');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const max = fileMaxBytes(field);
    if (chosen.size > max) {
      setUploadError(
        `The file is larger than ${sizeText(max)} (it is ${sizeText(chosen.size)}): make it smaller and try again.`,
      );
      return;
    }
    setUploadError(undefined);
    setSending(chosen.name);
    setStatus(`Uploading ${chosen.name}…`);
    onBusy(true);
    upload.mutate(
      { fieldId: field.id, file: chosen },
      {
        onSuccess: (answer) => {
          onChange(answer);
          setStatus(`${answer.name} is uploaded. Save a draft or send the form to keep it.`);
        },
        onError: (failure) => {
          setUploadError(failure.message);
          setStatus('');
        },
        onSettled: () => {
          setSending(undefined);
          onBusy(false);
        },
      },
    );
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {field.help ? (
        <p id={ids.help} className="text-xs text-slate-600">
          {field.help}
        </p>
      ) : null}
      <p id={ids.rules} className="text-xs text-slate-600">
        Files it takes: {fileRuleText(field)}.
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        data-field={field.id}
        disabled={disabled || sending !== undefined}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        aria-required={field.required || undefined}
        onChange={choose}
        className="block w-full rounded-lg border border-slate-400 bg-white text-sm text-slate-900 file:mr-3 file:cursor-pointer file:rounded-l-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-700 disabled:bg-slate-100"
      />
      <p role="status" aria-live="polite" className="text-sm text-slate-800">
        {status}
      </p>
      {file ? (
        <div id={ids.chosen} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-900">
          <span>
            Your file: <span className="font-medium">{file.name}</span> ({sizeText(file.size)})
          </span>
          <a
            className="inline-flex items-center font-medium text-brand-700 underline underline-offset-2"
            href={apiPaths.stepFormFile(stepId, file.fileId)}
            download
          >
            <Download aria-hidden="true" className="mr-1 inline size-3.5" />
            Download it
          </a>
          {disabled ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                onChange('');
                setStatus('The file is removed. Save a draft or send the form to keep the change.');
              }}
            >
              Remove file
            </Button>
          )}
        </div>
      ) : null}
      {shownError ? (
        <p id={ids.error} className="text-sm font-medium text-red-800">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
