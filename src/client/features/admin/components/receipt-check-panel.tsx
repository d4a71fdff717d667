import type { Acknowledgment, ReceiptCheck, VerifyResponse } from '@shared/acknowledgments-api';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCheckReceipt } from '../api/check-receipt';
import { fieldClass, formatDateTime, labelClass } from '../utils/format';

/** The message of a pasted text that is not a SHA-256. */
export const NOT_A_HASH_MESSAGE =
  'A SHA-256 is 64 letters and digits (0–9 and a–f). Copy it from the receipt\u2019s last page, under "Document SHA-256" or "Text SHA-256".';

/** The message of a check without a file. */
export const NO_FILE_CHOSEN_MESSAGE = 'Choose the receipt PDF first.';

type Outcome = { kind: 'file'; result: ReceiptCheck } | { kind: 'hash'; result: VerifyResponse };

/** What one record says, in words: who, what, which version, when. */
function RecordDetails({ record }: { record: Acknowledgment }) {
  const rows: [string, ReactNode][] = [
    [
      'Who',
      <>
        {record.signedName ?? record.email} (
        <Link className="text-brand-700 underline" to={paths.adminMember.getHref(record.email)}>
          {record.email}
        </Link>
        )
      </>,
    ],
    ['What', record.kind === 'signature' ? `Signed "${record.stepTitle}"` : `Completed "${record.stepTitle}"`],
    ['Which version', `Version ${record.stepVersion}`],
    ['When', formatDateTime(record.at)],
    ['Signed in with', record.signInMethod === 'google' ? 'Google' : 'Development sign-in'],
    ['Record id', record.id],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answer in plain words: a heading saying whether it matches, then the record(s) or what is wrong. */
function OutcomeText({ outcome }: { outcome: Outcome }) {
  const { result } = outcome;
  let title: string;
  let detail: string | null = null;
  if (outcome.kind === 'hash') {
    title = result.matches
      ? `This SHA-256 matches ${result.records.length === 1 ? 'a signed record' : `${result.records.length} signed records`}.`
      : 'This SHA-256 matches no signed record.';
    detail = result.matches
      ? 'Everyone who agreed to the same version of a step shares its SHA-256. To check one person\u2019s receipt, choose the receipt PDF instead.'
      : 'Check that it was copied in full. A receipt made by this app always carries the SHA-256 of a record it keeps.';
  } else {
    const check = outcome.result;
    if (check.found === 'receipt') {
      title = check.matches
        ? check.draft === true
          ? 'This receipt matches a signed record of a DRAFT: the document signed was a draft, not the final agreement.'
          : 'This receipt matches a signed record.'
        : 'This receipt does not match the signed record it names.';
      detail =
        check.problem ??
        (check.matches && check.draft === true
          ? 'The person signed the draft only. When the final document replaces it, they are asked to sign again.'
          : null);
    } else if (check.found === 'document') {
      title = `This file is the agreed document itself, not a receipt. ${check.records.length === 1 ? '1 person' : `${check.records.length} people`} agreed to it.`;
    } else {
      title = 'This PDF is not a receipt from this app, and nobody agreed to it as a document.';
      detail =
        'A receipt downloaded before 27 November 2026 does not carry its record: paste the SHA-256 printed on its last page instead.';
    }
  }
  const Icon = result.matches ? CircleCheck : CircleX;
  return (
    <>
      <p
        className={`flex items-start gap-2 font-semibold ${result.matches ? 'text-emerald-800' : 'text-red-800'}`}
        data-testid="receipt-check-verdict"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {title}
      </p>
      {detail !== null && <p className="text-sm text-slate-700">{detail}</p>}
      {result.records.length > 0 && (
        <ul className="space-y-3" aria-label="Matching records">
          {result.records.map((r) => (
            <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-3">
              <RecordDetails record={r} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The admin's receipt check (docs/product.md#signed-acknowledgments): choose the receipt PDF a member gave you, or
 * paste a SHA-256 printed on it, and read in plain words whether it matches a signature record the app keeps — who,
 * what, which version and when — or what is wrong. Keyboard only works throughout: each form submits with Enter, an
 * error is tied to its field and gets the focus, and the answer's heading gets the focus when it arrives.
 */
export function ReceiptCheckPanel() {
  const id = useId();
  const check = useCheckReceipt();
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'file' | 'hash'; message: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hashRef = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLHeadingElement>(null);
  const answer = check.data;

  useEffect(() => {
    if (answer !== undefined || check.isError) answerRef.current?.focus();
  }, [answer, check.isError]);

  const submitFile = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) {
      setFieldError({ field: 'file', message: NO_FILE_CHOSEN_MESSAGE });
      fileRef.current?.focus();
      return;
    }
    setFieldError(null);
    check.mutate({ file });
  };
  const submitHash = (event: FormEvent) => {
    event.preventDefault();
    const value = hash.trim();
    if (!/^[0-9a-fA-F]{64}$/u.test(value)) {
      setFieldError({ field: 'hash', message: NOT_A_HASH_MESSAGE });
      hashRef.current?.focus();
      return;
    }
    setFieldError(null);
    check.mutate({ hash: value });
  };
  const errorOf = (field: 'file' | 'hash') => (fieldError?.field === field ? fieldError.message : null);

  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-3xl space-y-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Check a receipt
      </h3>
      <p className="text-slate-700">
        When someone shows you a signature receipt, check it here: choose the PDF, or paste a SHA-256 printed on its
        last page. You will see whether it matches a signature the app recorded, and whose.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-4">
          <form onSubmit={submitFile} noValidate className="space-y-3">
            <label htmlFor={`${id}-file`} className={labelClass}>
              Receipt PDF
            </label>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={errorOf('file') !== null}
              aria-describedby={errorOf('file') !== null ? `${id}-file-error` : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full text-sm"
            />
            {errorOf('file') !== null && (
              <p id={`${id}-file-error`} className="text-sm text-red-800">
                {errorOf('file')}
              </p>
            )}
            <Button type="submit" disabled={check.isPending}>
              Check the file
            </Button>
          </form>
        </Card>
        <Card className="p-4">
          <form onSubmit={submitHash} noValidate className="space-y-3">
            <label htmlFor={`${id}-hash`} className={labelClass}>
              SHA-256 printed on the receipt
            </label>
            <input
              ref={hashRef}
              id={`${id}-hash`}
              value={hash}
              onChange={(e) => setHash(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errorOf('hash') !== null}
              aria-describedby={errorOf('hash') !== null ? `${id}-hash-error` : undefined}
              className={`${fieldClass} font-mono`}
            />
            {errorOf('hash') !== null && (
              <p id={`${id}-hash-error`} className="text-sm text-red-800">
                {errorOf('hash')}
              </p>
            )}
            <Button type="submit" disabled={check.isPending}>
              Check the SHA-256
            </Button>
          </form>
        </Card>
      </div>
      <div aria-live="polite" className="space-y-3">
        {check.isPending && <p role="status">Checking…</p>}
        {(answer !== undefined || check.isError) && (
          <Card className="space-y-3 p-4">
            <h4 ref={answerRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
              Result
            </h4>
            {check.isError ? (
              <p role="alert" className="text-sm text-red-800">
                {check.error.message}
              </p>
            ) : answer !== undefined ? (
              <OutcomeText outcome={answer} />
            ) : null}
          </Card>
        )}
      </div>
    </section>
  );
}
