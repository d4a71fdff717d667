import type { StudioProblem, StudioState } from '@shared/studio-api';
import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getUsage, studioKeys } from '../api/studio-requests';
import { useStudioEditor } from '../hooks/use-studio-editor';
import {
  followTitle,
  freeStepId,
  moveItem,
  newRole,
  newStep,
  stepAt,
  updateRole,
  updateScope,
  updateStep,
  type StepAddress,
} from '../utils/catalog-edits';
import { locateProblem } from '../utils/validation';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isoDayOf } from '@/lib/dates';
import {
  changeScopeId,
  freeRoleKey,
  freeScopeId,
  editRole,
  publishedKeyOf,
  roleKeyFromName,
  scopeAudience,
} from '../utils/role-keys';
import { Advanced, fieldDomId, ProblemsContext, TextField } from './fields';
import { PublishBar } from './publish-bar';
import { RoleForm } from './role-form';
import { IncludeChooser } from './scope-include';
import { SortableSteps } from './sortable-steps';
import { StepForm } from './step-form';
import { StepPreview } from './step-preview';
import { TeamTasksEditor } from './team-task-form';
import { DraftConflict } from './draft-conflict';
import { RoleHeading, RoleNav } from './role-nav';
import { categoryFor, describeProblem } from '../utils/role-words';

/** The element id of the 'Edit' button of a step in the list. */
const editButtonId = (scope: number, step: number) => `studio-edit-${scope}-${step}`;

/** One field of one role's content, as a link names it (`/admin/studio?role=volunteer&field=scopes[0].title`). */
export interface StudioFieldAddress {
  /** The role configuration's key. */
  role: string;
  /** The field's path in the content check's notation. */
  field: string;
}

/**
 * The studio's editing tab (docs/product.md#content-studio): the roles with their inheritance, a role's settings and
 * scopes, its steps in order (drag and drop, keyboard too), and one step's form beside the live preview; above them
 * the draft's status with 'Publish' and 'Discard draft', and what to do when someone else saved meanwhile.
 */
export function StudioEditor({ initial, focus }: { initial: StudioState; focus?: StudioFieldAddress }) {
  const editor = useStudioEditor(initial);
  const { catalog, edit } = editor;
  // A link to one field (the launch checklist's placeholders and drafts) opens its role and step.
  const [focusRole] = useState(() =>
    focus === undefined ? -1 : catalog.findIndex((r) => r.key.toLowerCase() === focus.role.toLowerCase()),
  );
  const [roleIndex, setRoleIndex] = useState(() =>
    focusRole >= 0
      ? focusRole
      : Math.max(
          0,
          catalog.findIndex((r) => r.key === 'volunteer'),
        ),
  );
  const [selectedStep, setSelectedStep] = useState<StepAddress | null>(() => {
    if (focus === undefined || focusRole < 0) return null;
    const where = locateProblem(focus.field);
    return where.scope !== null && where.step !== null
      ? { role: focusRole, scope: where.scope, step: where.step }
      : null;
  });
  // The field to focus once it is on screen (a problem's link, a new step's title, a linked field).
  const pendingFocus = useRef<string | null>(focus !== undefined && focusRole >= 0 ? fieldDomId(focus.field) : null);
  const [, rerender] = useState(0);
  const setPendingFocus = (id: string) => {
    pendingFocus.current = id;
    rerender((n) => n + 1);
  };
  const [removing, setRemoving] = useState<StepAddress | null>(null);
  const [deletingRole, setDeletingRole] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const usage = useQuery({ queryKey: studioKeys.usage, queryFn: ({ signal }) => getUsage({ signal }) });
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const publishedTaskIds = useMemo(
    () =>
      new Set(
        initial.published.catalog
          .find((r) => r.key === (catalog[roleIndex]?.renamedFrom ?? catalog[roleIndex]?.key))
          ?.teamTasks.map((t) => t.id) ?? [],
      ),
    [initial.published, catalog, roleIndex],
  );
  const publishedSteps = useMemo(
    () =>
      new Map(
        initial.published.catalog.flatMap((r) => r.scopes.flatMap((s) => s.steps.map((t) => [t.id, t] as const))),
      ),
    [initial.published],
  );
  const publishedIds = useMemo(() => new Set(publishedSteps.keys()), [publishedSteps]);
  const role = catalog[roleIndex] ?? catalog[0];
  const publishedRoleKeys = new Set(initial.published.catalog.map((r) => r.key));
  // Scope ids of the published version of this role: ids other roles may include, which never follow the title.
  const publishedScopeIds = new Set(
    initial.published.catalog
      .find((r) => role !== undefined && r.key === publishedKeyOf(role))
      ?.scopes.map((s) => s.id) ?? [],
  );
  const step = selectedStep ? stepAt(catalog, selectedStep) : undefined;

  const problemsOfRole = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of editor.problems) if (p.role === role?.key && !map.has(p.path)) map.set(p.path, p.message);
    return map;
  }, [editor.problems, role?.key]);

  // A problem's link (or a newly chosen step) moves focus once its field is on screen.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const element = document.getElementById(pendingFocus.current);
    if (element) {
      pendingFocus.current = null;
      // A field folded away under 'Advanced' (an id) is unfolded first.
      const folded = element.closest('details');
      if (folded) folded.open = true;
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    }
  });

  if (!role) return <p>There are no role configurations yet.</p>;

  const selectRole = (index: number) => {
    setRoleIndex(index);
    setSelectedStep(null);
  };

  const showProblem = (problem: StudioProblem) => {
    const index = catalog.findIndex((r) => r.key === problem.role);
    if (index >= 0) setRoleIndex(index);
    const where = locateProblem(problem.path);
    setSelectedStep(
      where.scope !== null && where.step !== null
        ? { role: Math.max(index, 0), scope: where.scope, step: where.step }
        : null,
    );
    setPendingFocus(fieldDomId(problem.path));
  };

  const addStep = (scope: number) => {
    const id = freeStepId(catalog);
    const at = { role: roleIndex, scope, step: role.scopes[scope]?.steps.length ?? 0 };
    edit((c) =>
      updateScope(c, roleIndex, scope, (s) => ({ ...s, steps: [...s.steps, newStep(id, categoryFor(role))] })),
    );
    setSelectedStep(at);
    setPendingFocus(fieldDomId(`scopes[${scope}].steps[${at.step}].title`));
  };

  const removeStep = (at: StepAddress) => {
    edit((c) => updateScope(c, at.role, at.scope, (s) => ({ ...s, steps: s.steps.filter((_, i) => i !== at.step) })));
    setSelectedStep(null);
    setRemoving(null);
    setNotice('Step removed. Publish to make it disappear for members.');
    // The removed row's buttons are gone: focus goes to its scope's heading.
    setPendingFocus(`studio-scope-${at.scope}`);
  };

  const addRole = () => {
    // The key is made from the display name, and follows it until the role is published (role-form.tsx).
    const key = freeRoleKey(catalog, roleKeyFromName('New role'));
    edit((c) => [...c, newRole(key, 'New role')]);
    setRoleIndex(catalog.length);
    setSelectedStep(null);
    setPendingFocus(fieldDomId('displayName'));
  };

  const membersOf = (key: string) => usage.data?.find((u) => u.key === key)?.members;
  // Usage counts people by the published key: a renamed role's members are still counted under it.
  const roleMembers = membersOf(publishedKeyOf(role));
  const canDeleteRole = role.key !== 'volunteer' && roleMembers === 0;
  const removingStep = removing ? stepAt(catalog, removing) : undefined;

  return (
    <ProblemsContext.Provider value={problemsOfRole}>
      <div className="space-y-4">
        <PublishBar
          editor={editor}
          published={initial.published}
          onShowProblem={showProblem}
          describeProblem={(problem) => describeProblem(catalog, problem)}
        />
        <DraftConflict editor={editor} />
        {notice ? (
          <p role="status" className="text-sm text-slate-700">
            {notice}
          </p>
        ) : null}

        <div className={cn('grid gap-4 [&>*]:min-w-0', !step && 'lg:grid-cols-[16rem_minmax(0,1fr)]')}>
          {/* While a step is open, its form and preview take the whole width; 'All steps of …' leads back. */}
          <RoleNav
            catalog={catalog}
            roleIndex={roleIndex}
            problems={editor.problems}
            hidden={step !== undefined}
            selectRole={selectRole}
            addRole={addRole}
          />

          <div className="min-w-0 space-y-4">
            {step && selectedStep ? (
              <div className="space-y-3">
                <Button
                  variant="link"
                  className="h-auto px-0"
                  onClick={() => {
                    setSelectedStep(null);
                    setPendingFocus(editButtonId(selectedStep.scope, selectedStep.step));
                  }}
                >
                  <ArrowLeft aria-hidden="true" /> All steps of {role.displayName}
                </Button>
                <h3 ref={stepHeading} className="text-xl font-bold text-slate-900">
                  {role.displayName} › {role.scopes[selectedStep.scope]?.title} › {step.title || 'Untitled step'}
                </h3>
                <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] [&>*]:min-w-0">
                  <StepForm
                    step={step}
                    path={`scopes[${selectedStep.scope}].steps[${selectedStep.step}]`}
                    onChange={(next) =>
                      edit((c) => updateStep(c, selectedStep, (before) => followTitle(c, before, next, publishedIds)))
                    }
                    roleNames={[...new Set(catalog.flatMap((r) => [r.key, ...r.aliases]))]}
                    publishedStep={publishedSteps.get(step.renamedFrom ?? step.id)}
                  />
                  <div className="lg:sticky lg:top-4 lg:self-start">
                    <StepPreview step={step} role={role} />
                  </div>
                </div>
              </div>
            ) : (
              <>
                <RoleHeading
                  role={role}
                  roleMembers={roleMembers}
                  canDeleteRole={canDeleteRole}
                  onDelete={() => setDeletingRole(true)}
                />

                {role.scopes.map((scope, si) => (
                  <section
                    key={si}
                    aria-labelledby={`studio-scope-${si}`}
                    className="space-y-3 rounded-2xl border border-slate-200 bg-white p-2 sm:p-4"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3
                        id={`studio-scope-${si}`}
                        tabIndex={-1}
                        className="text-lg font-semibold text-slate-900 focus:outline-none"
                      >
                        {scope.title || 'Untitled scope'}
                      </h3>
                      <div className="flex gap-1">
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Move scope ${scope.title} up`}
                          disabled={si === 0}
                          onClick={() =>
                            edit((c) =>
                              updateRole(c, roleIndex, (r) => ({ ...r, scopes: moveItem(r.scopes, si, si - 1) })),
                            )
                          }
                        >
                          <ArrowUp />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Move scope ${scope.title} down`}
                          disabled={si === role.scopes.length - 1}
                          onClick={() =>
                            edit((c) =>
                              updateRole(c, roleIndex, (r) => ({ ...r, scopes: moveItem(r.scopes, si, si + 1) })),
                            )
                          }
                        >
                          <ArrowDown />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Remove scope ${scope.title}`}
                          disabled={scope.steps.length > 0}
                          title={scope.steps.length > 0 ? 'Remove its steps first.' : undefined}
                          onClick={() =>
                            edit((c) =>
                              updateRole(c, roleIndex, (r) => ({ ...r, scopes: r.scopes.filter((_, i) => i !== si) })),
                            )
                          }
                        >
                          <Trash2 />
                        </Button>
                      </div>
                    </div>
                    <p className="text-sm text-slate-600">
                      Shown to: {scopeAudience(catalog, role.key, scope.id).join(', ')}
                    </p>
                    <details className="rounded-xl border border-slate-200 p-3">
                      <summary className="cursor-pointer py-1 text-sm font-semibold text-slate-800">
                        Scope settings
                      </summary>
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        <TextField
                          path={`scopes[${si}].title`}
                          label="Scope title"
                          value={scope.title}
                          onChange={(v) =>
                            edit((c) => {
                              const titled = updateScope(c, roleIndex, si, (s) => ({ ...s, title: v }));
                              // The id follows the title while the scope is not published and the id is the made one.
                              const follows =
                                !publishedScopeIds.has(scope.id) &&
                                scope.id === freeScopeId(role.scopes, scope.title, si);
                              return follows
                                ? changeScopeId(titled, roleIndex, si, freeScopeId(role.scopes, v, si))
                                : titled;
                            })
                          }
                        />
                        <TextField
                          className="sm:col-span-2"
                          path={`scopes[${si}].description`}
                          label="Scope description (optional)"
                          value={scope.description ?? ''}
                          onChange={(v) =>
                            edit((c) =>
                              updateScope(c, roleIndex, si, (s) => {
                                const { description: _d, ...rest } = s;
                                return v === '' ? rest : { ...rest, description: v };
                              }),
                            )
                          }
                        />
                        <div className="sm:col-span-2">
                          <IncludeChooser
                            path={`scopes[${si}].include`}
                            role={role}
                            scope={scope}
                            catalog={catalog}
                            onChange={(v) => edit((c) => updateScope(c, roleIndex, si, (s) => ({ ...s, include: v })))}
                          />
                        </div>
                        <div className="sm:col-span-2">
                          <Advanced>
                            <TextField
                              path={`scopes[${si}].id`}
                              label="Scope id"
                              value={scope.id}
                              onChange={(v) => edit((c) => changeScopeId(c, roleIndex, si, v))}
                              hint="Made from the title. Other roles that show this scope's steps name it by its id; they follow a change made here."
                            />
                          </Advanced>
                        </div>
                      </div>
                    </details>
                    {scope.steps.length === 0 ? (
                      <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                        This scope has no steps of its own yet
                        {scope.include.length > 0 ? ' (it shows the steps of the roles chosen in its settings)' : ''}.
                        Add one below.
                      </p>
                    ) : (
                      <SortableSteps
                        scopeTitle={scope.title}
                        editButtonId={(ti) => editButtonId(si, ti)}
                        steps={scope.steps}
                        problemCounts={scope.steps.map(
                          (_, ti) =>
                            editor.problems.filter(
                              (p) => p.role === role.key && p.path.startsWith(`scopes[${si}].steps[${ti}]`),
                            ).length,
                        )}
                        selected={null}
                        onSelect={(ti) => {
                          setSelectedStep({ role: roleIndex, scope: si, step: ti });
                          setPendingFocus(fieldDomId(`scopes[${si}].steps[${ti}].title`));
                        }}
                        onRemove={(ti) => setRemoving({ role: roleIndex, scope: si, step: ti })}
                        onMove={(from, to) =>
                          edit((c) =>
                            updateScope(c, roleIndex, si, (s) => ({ ...s, steps: moveItem(s.steps, from, to) })),
                          )
                        }
                      />
                    )}
                    <Button variant="outline" size="sm" onClick={() => addStep(si)}>
                      <Plus aria-hidden="true" /> Add a step to {scope.title || 'this scope'}
                    </Button>
                  </section>
                ))}
                <Button
                  variant="outline"
                  onClick={() =>
                    edit((c) =>
                      updateRole(c, roleIndex, (r) => ({
                        ...r,
                        scopes: [
                          ...r.scopes,
                          { id: freeScopeId(r.scopes, 'New scope'), title: 'New scope', include: [], steps: [] },
                        ],
                      })),
                    )
                  }
                >
                  <Plus aria-hidden="true" /> Add a scope
                </Button>
                <section aria-label="Team tasks" className="rounded-2xl border border-slate-200 bg-white p-2 sm:p-4">
                  <TeamTasksEditor
                    role={role}
                    publishedIds={publishedTaskIds}
                    today={isoDayOf(new Date())}
                    onChange={(teamTasks) => edit((c) => updateRole(c, roleIndex, (r) => ({ ...r, teamTasks })))}
                  />
                </section>
                <section
                  aria-labelledby="studio-role-settings"
                  className="space-y-3 rounded-2xl border border-slate-200 bg-white p-2 sm:p-4"
                >
                  <h3 id="studio-role-settings" className="text-lg font-semibold text-slate-900">
                    Role settings
                  </h3>
                  <RoleForm
                    role={role}
                    roles={catalog}
                    published={publishedRoleKeys.has(publishedKeyOf(role))}
                    onChange={(next) => edit((c) => editRole(c, roleIndex, next, publishedRoleKeys))}
                  />
                </section>
              </>
            )}
          </div>
        </div>
        <ConfirmDialog
          open={removing !== null}
          title={`Remove ‘${removingStep?.title ?? 'this step'}’?`}
          confirmLabel="Remove step"
          destructive
          onConfirm={() => removing && removeStep(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>
            The step leaves the draft now, and members' onboarding when you publish. Members who completed it keep it in
            their history (their admin page shows it as removed), and it no longer counts in their percentage.
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          open={deletingRole}
          title={`Delete the role ${role.displayName}?`}
          confirmLabel="Delete role"
          destructive
          onConfirm={() => {
            edit((c) => c.filter((_, i) => i !== roleIndex));
            setDeletingRole(false);
            selectRole(0);
            setPendingFocus('studio-role-heading');
            setNotice(
              `Role ${role.displayName} deleted from the draft. Roles that include or inherit it must be changed before you publish.`,
            );
          }}
          onCancel={() => setDeletingRole(false)}
        >
          <p>No member has this role. It disappears when you publish.</p>
        </ConfirmDialog>
      </div>
    </ProblemsContext.Provider>
  );
}
