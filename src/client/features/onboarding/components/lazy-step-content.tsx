import { type ComponentProps, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type * as StepContentChunk from './step-content';
import type { StepContent } from './step-content';

type StepContentModule = typeof StepContentChunk;

let loaded: StepContentModule | undefined;
let loading: Promise<StepContentModule> | undefined;

/**
 * Loads the chunk of a step's details (step-content.tsx and its widgets: checklist, acknowledgments, contacts with
 * their tooltips and avatars, media, shared passwords) once; later calls share the same load. The dashboard shows
 * its cards without it (issue 8 "Bundle") and starts this load once it has painted, so a step usually opens at once.
 * @returns the module; a failed load (no connection) rejects and may be tried again
 */
export function preloadStepContent(): Promise<StepContentModule> {
  loading ??= import('./step-content').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * A step's details (same props as {@link StepContent}), rendered as soon as their chunk is loaded: at once when it
 * already is, else after a short 'Loading…'; a failed load offers to try again.
 */
export function LazyStepContent(props: ComponentProps<typeof StepContent>) {
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (module || failed) return;
    let active = true;
    preloadStepContent().then(
      (m) => {
        if (active) setModule(m);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [module, failed]);

  if (module) return <module.StepContent {...props} />;
  if (failed) {
    return (
      <div role="alert" className="text-sm text-red-900">
        <p>This step's details could not be loaded. Check your connection and try again.</p>
        <Button variant="link" className="h-auto px-0 text-red-900" onClick={() => setFailed(false)}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner />
      Loading…
    </p>
  );
}
