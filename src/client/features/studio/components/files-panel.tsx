import { useQuery } from '@tanstack/react-query';
import FileText from 'lucide-react/icons/file-text';
import Image from 'lucide-react/icons/image';
import { Fragment } from 'react';
import { formatDateTime } from '@/features/admin';
import { getAssets, studioKeys } from '../api/studio-requests';
import { Advanced } from './fields';
import { LoadingOrFailed } from './loading-or-failed';

/** Sizes in words: 12 kB, 3.4 MB. */
function formatBytes(bytes: number): string {
  return bytes < 1000 * 1000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

/**
 * Every file uploaded to the studio, newest first, by the name it was uploaded with, with the address to use in a step
 * under 'Advanced' (docs/product.md#content-studio).
 * Files are uploaded from the field that uses them (a step's PDF, image, media or a contact's picture).
 */
export function FilesPanel() {
  const assets = useQuery({ queryKey: studioKeys.assets, queryFn: ({ signal }) => getAssets({ signal }) });
  if (assets.isPending || assets.isError) {
    return <LoadingOrFailed query={assets} loading="Loading the files…" failed="The files could not be loaded" />;
  }
  if (assets.data.length === 0) {
    return (
      <p className="text-slate-700">
        No files yet. Upload a PDF or an image from the step that shows it (‘Upload PDF’, ‘Upload image’).
      </p>
    );
  }
  return (
    <ul aria-label="Uploaded files" className="grid gap-2 sm:grid-cols-2">
      {assets.data.map((a) => (
        <li
          key={a.sha256}
          className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm"
        >
          {a.contentType === 'application/pdf' ? (
            <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          ) : (
            <Image aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          )}
          {/* Beside its icon, or under it where a file's name would not fit (a phone with large text). */}
          <div className="min-w-[min(12rem,100%)] flex-1">
            <a
              href={a.url}
              target="_blank"
              rel="noreferrer"
              className="font-semibold [overflow-wrap:anywhere] text-brand-700 underline"
            >
              {/* A line may end after each '/' of a long name ('images/' then 'welcome-team.svg'). */}
              {a.name.split('/').map((part, i) => (
                <Fragment key={i}>
                  {i > 0 ? (
                    <>
                      /<wbr />
                    </>
                  ) : null}
                  {part}
                </Fragment>
              ))}
            </a>
            <p className="text-xs text-slate-600">
              {formatBytes(a.bytes)} · {a.by} · {formatDateTime(a.at)}
            </p>
            {/* The address names the file by its hash: only under 'Advanced'. */}
            <Advanced>
              <p className="text-xs [overflow-wrap:anywhere] text-slate-600">Address: {a.url}</p>
            </Advanced>
          </div>
        </li>
      ))}
    </ul>
  );
}
