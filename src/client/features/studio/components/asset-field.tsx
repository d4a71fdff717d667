import { STUDIO_ASSET_MAX_BYTES } from '@shared/studio-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Upload from 'lucide-react/icons/upload';
import { useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getAssets, studioKeys, uploadAsset } from '../api/studio-requests';
import { TextField } from './fields';

interface AssetFieldProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What may be uploaded here. */
  kind: 'pdf' | 'image';
  hint?: string;
}

const ACCEPT = { pdf: 'application/pdf', image: 'image/png,image/jpeg,image/webp,image/gif' } as const;
const KIND_WORDS = { pdf: 'a PDF', image: 'an image (PNG, JPEG, WebP or GIF)' } as const;

/**
 * An address field with 'Upload…' beside it (docs/product.md#content-studio): the chosen file is stored by the
 * server (by its SHA-256) and its address fills the field. An uploaded file is shown by the name it was uploaded with
 * (a link that opens it), its address folded under 'Advanced'. Shows the upload's progress, and the server's refusal
 * (too large, not a PDF, an image that does not decode) in its own words.
 */
export function AssetField({ path, label, value, onChange, kind, hint }: AssetFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const assets = useQuery({ queryKey: studioKeys.assets, queryFn: ({ signal }) => getAssets({ signal }) });
  const uploaded = assets.data?.find((a) => a.url === value);

  const upload = async (file: File) => {
    setError(null);
    setDone(null);
    if (file.size > STUDIO_ASSET_MAX_BYTES) {
      setError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; files can be at most ${STUDIO_ASSET_MAX_BYTES / 1024 / 1024} MB. Make it smaller and try again.`,
      );
      return;
    }
    setProgress(0);
    try {
      const asset = await uploadAsset(file, setProgress);
      onChange(asset.url);
      setDone(`Uploaded ${file.name}.`);
      await queryClient.invalidateQueries({ queryKey: studioKeys.assets });
    } catch (e) {
      setError(`${file.name} was not uploaded: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const addressField = (
    <TextField
      path={path}
      label={label}
      value={value}
      onChange={onChange}
      hint={hint ?? `An https:// address, a path such as /content/…, or upload ${KIND_WORDS[kind]}.`}
      className="min-w-[min(12rem,100%)] flex-1"
    />
  );

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-2">
        {uploaded === undefined ? (
          addressField
        ) : (
          <div className="min-w-[min(12rem,100%)] flex-1 space-y-1">
            <p className="text-sm">
              <span className="font-medium text-slate-800">{label.replace(/ address$/u, '')}: </span>
              <a href={value} target="_blank" rel="noreferrer" className="break-all text-brand-700 underline">
                {uploaded.name.split('/').pop()}
              </a>
            </p>
            <details>
              <summary className="cursor-pointer py-1 text-sm text-slate-700">Advanced</summary>
              {addressField}
            </details>
          </div>
        )}
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'default' }),
            'mb-0.5 cursor-pointer focus-within:outline-2 focus-within:outline-brand-700',
            hint === undefined ? 'self-center' : '',
          )}
        >
          <Upload aria-hidden="true" /> Upload {kind === 'pdf' ? 'PDF' : 'image'}
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={ACCEPT[kind]}
            className="sr-only"
            aria-label={`Upload ${kind === 'pdf' ? 'a PDF' : 'an image'} for ${label}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
      </div>
      {progress !== null ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress
            value={progress}
            max={1}
            aria-label={`Uploading for ${label}`}
            className="h-2 w-40 max-w-full min-w-0 accent-brand-700"
          />
          {Math.round(progress * 100)}%
        </div>
      ) : null}
      <p role="status" className="text-sm text-emerald-800">
        {done}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
