import type { RoleConfiguration } from '@shared/content-schema';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/features/admin';
import type { useStudioEditor } from '../hooks/use-studio-editor';
import { describeChanges } from '../utils/catalog-edits';

/** The studio editor's state (its hook's result). */
type StudioEditorState = ReturnType<typeof useStudioEditor>;

/**
 * What to do when someone else saved the draft while this editor was editing (docs/product.md#content-studio): what
 * they changed, and the choice of loading their version or keeping one's own.
 */
export function DraftConflict({ editor }: { editor: StudioEditorState }) {
  const conflict = editor.conflict;
  if (editor.status !== 'conflict' || !conflict) return null;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-2 sm:p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">
        {conflict.updatedBy} saved the draft at {formatDateTime(conflict.updatedAt)} while you were editing, so your
        last changes were not saved.
      </p>
      {(() => {
        const theirs = describeChanges(editor.baseCatalog, conflict.catalog as RoleConfiguration[]);
        return theirs.length > 0 ? <p>They changed: {theirs.join('; ')}.</p> : null;
      })()}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => editor.reloadFromServer(conflict)}>Load their version</Button>
        <Button variant="outline" onClick={() => void editor.overwrite()}>
          Keep my version (replaces theirs)
        </Button>
      </div>
    </div>
  );
}
