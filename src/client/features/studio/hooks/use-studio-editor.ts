import type { StudioDraft, StudioProblem, StudioState } from '@shared/studio-api';
import { draftPatchOf } from '@shared/studio-patch';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DraftConflictError, saveDraft, saveDraftOnLeave } from '../api/studio-requests';
import type { Catalog } from '../utils/catalog-edits';
import { catalogProblems, mergeProblems } from '../utils/validation';

/** How long after the last keystroke the draft is saved (docs/product.md#content-studio: autosave). */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Where the draft is: `published` (no draft; the studio shows the published version), `unsaved` (an edit waits for
 * the autosave), `saving`, `saved`, `error` (the last save failed; it is tried again with the next edit or 'Try
 * again'), `conflict` (someone else saved meanwhile).
 */
export type DraftStatus = 'published' | 'unsaved' | 'saving' | 'saved' | 'error' | 'conflict';

export interface StudioEditor {
  catalog: Catalog;
  /** Change the catalog; the draft is saved shortly after the last change. */
  edit: (change: (catalog: Catalog) => Catalog) => void;
  status: DraftStatus;
  /** The last save's failure, in words. */
  error: string | null;
  /** The draft as someone else saved it, while `status` is `conflict`. */
  conflict: StudioDraft | null;
  /** The catalog this editor last loaded or saved (what `conflict` is compared with). */
  baseCatalog: Catalog;
  /** Every problem known: the browser's own checks and the server's from the last save. */
  problems: StudioProblem[];
  hasDraft: boolean;
  draft: StudioDraft | null;
  /** Saves now what waits for the autosave. @returns whether everything is saved */
  flush: () => Promise<boolean>;
  /** Takes the other person's draft (after a conflict) and drops this editor's unsaved changes. */
  reloadFromServer: (draft: StudioDraft | null) => void;
  /** Saves this editor's catalog over the other person's draft (after a conflict). */
  overwrite: () => Promise<boolean>;
  /** Starts again from the server's state (after publish, restore or discard). */
  reset: (state: StudioState) => void;
}

/**
 * The studio's editing state over the shared draft (docs/product.md#content-studio): the working catalog, autosave
 * (debounced, one save at a time; a stale save is a conflict, never an overwrite), and the problems of what is on
 * screen. A page left with an unsaved change asks first, and sends the change as it goes.
 * @param initial GET /api/studio's answer
 */
export function useStudioEditor(initial: StudioState): StudioEditor {
  const startCatalog = (initial.draft?.catalog ?? initial.published.catalog) as Catalog;
  const [catalog, setCatalog] = useState<Catalog>(startCatalog);
  const [status, setStatus] = useState<DraftStatus>(initial.draft ? 'saved' : 'published');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<StudioDraft | null>(null);
  const [draft, setDraft] = useState<StudioDraft | null>(initial.draft);
  const [baseCatalog, setBaseCatalog] = useState<Catalog>(startCatalog);

  // The latest values for the timers and the save loop (which outlive a render).
  const catalogRef = useRef(catalog);
  // The catalog the server holds as the draft (or the published one): saves send only what differs from it.
  const savedRef = useRef(startCatalog);
  const baseUpdatedAt = useRef<string | null>(initial.draft?.updatedAt ?? null);
  const dirty = useRef(false);
  const saving = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const conflicted = useRef(false);

  const runSave = useCallback(async (): Promise<boolean> => {
    if (conflicted.current) return false;
    while (dirty.current) {
      dirty.current = false;
      const sent = catalogRef.current;
      setStatus('saving');
      try {
        const saved = await saveDraft(
          draftPatchOf(savedRef.current, sent, baseUpdatedAt.current) ?? {
            catalog: sent,
            baseUpdatedAt: baseUpdatedAt.current,
          },
        );
        baseUpdatedAt.current = saved.updatedAt;
        savedRef.current = saved.catalog as Catalog;
        setDraft(saved);
        setBaseCatalog(sent);
        setError(null);
      } catch (e) {
        if (e instanceof DraftConflictError) {
          conflicted.current = true;
          dirty.current = true;
          setConflict(e.draft);
          setStatus('conflict');
          return false;
        }
        dirty.current = true;
        setError(e instanceof Error ? e.message : String(e));
        setStatus('error');
        return false;
      }
    }
    setStatus('saved');
    return true;
  }, []);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (saving.current) await saving.current;
    if (!dirty.current) return !conflicted.current;
    const run = runSave().finally(() => {
      saving.current = null;
    });
    saving.current = run;
    return run;
  }, [runSave]);

  const edit = useCallback(
    (change: (c: Catalog) => Catalog) => {
      const next = change(catalogRef.current);
      catalogRef.current = next;
      setCatalog(next);
      dirty.current = true;
      if (!conflicted.current) setStatus((s) => (s === 'saving' ? s : 'unsaved'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  const reloadFromServer = useCallback((next: StudioDraft | null) => {
    clearTimeout(timer.current);
    conflicted.current = false;
    dirty.current = false;
    setConflict(null);
    setError(null);
    if (next) {
      catalogRef.current = next.catalog as Catalog;
      savedRef.current = next.catalog as Catalog;
      baseUpdatedAt.current = next.updatedAt;
      setCatalog(next.catalog as Catalog);
      setBaseCatalog(next.catalog as Catalog);
      setDraft(next);
      setStatus('saved');
    }
  }, []);

  const overwrite = useCallback(async () => {
    if (!conflict) return true;
    baseUpdatedAt.current = conflict.updatedAt;
    savedRef.current = conflict.catalog as Catalog;
    conflicted.current = false;
    setConflict(null);
    dirty.current = true;
    return flush();
  }, [conflict, flush]);

  const reset = useCallback((state: StudioState) => {
    clearTimeout(timer.current);
    conflicted.current = false;
    dirty.current = false;
    const next = (state.draft?.catalog ?? state.published.catalog) as Catalog;
    catalogRef.current = next;
    savedRef.current = next;
    baseUpdatedAt.current = state.draft?.updatedAt ?? null;
    setCatalog(next);
    setBaseCatalog(next);
    setDraft(state.draft);
    setConflict(null);
    setError(null);
    setStatus(state.draft ? 'saved' : 'published');
  }, []);

  // A page closed or reloaded with an edit not yet saved: the browser asks first, and the edit is sent as the page
  // goes; leaving the studio inside the app (the 'Admin console' link) sends it too. The request must outlive the page
  // (keepalive), and browsers refuse a keepalive body over 64 KiB: it carries only the roles that changed
  // (src/shared/studio-patch.ts), so nothing typed is lost (docs/product.md#editing-in-the-browser).
  useEffect(() => {
    const sendPending = () => {
      if (!dirty.current || conflicted.current) return;
      dirty.current = false;
      saveDraftOnLeave(
        draftPatchOf(savedRef.current, catalogRef.current, baseUpdatedAt.current) ?? {
          catalog: catalogRef.current,
          baseUpdatedAt: baseUpdatedAt.current,
        },
      );
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current || conflicted.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', sendPending);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', sendPending);
      clearTimeout(timer.current);
      sendPending();
    };
  }, []);

  const local = useMemo(() => catalogProblems(catalog), [catalog]);
  // The server's problems are of the catalog as last saved: those of a role still being typed in are replaced by the
  // browser's own for the same place.
  const problems = useMemo(() => mergeProblems(local, draft?.problems ?? [], catalog), [local, draft, catalog]);

  return {
    catalog,
    edit,
    status,
    error,
    conflict,
    baseCatalog,
    problems,
    hasDraft: draft !== null || status === 'unsaved' || status === 'saving',
    draft,
    flush,
    reloadFromServer,
    overwrite,
    reset,
  };
}
