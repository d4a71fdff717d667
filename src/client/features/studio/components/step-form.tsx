import { ICON_NAMES, STEP_CATEGORIES, type HelpfulLink, type Step } from '@shared/content-schema';
import { Button } from '@/components/ui/button';
import { StepIcon } from '@/features/onboarding';
import { renameStep } from '../utils/catalog-edits';
import { Advanced, CheckboxField, fieldDomId, ListEditor, NumberField, SelectField, TextField } from './fields';
import { QuestionFields } from './question-fields';
import { StepDocumentSections } from './step-form-document';
import { StepItemsSection } from './step-form-items';
import { Section, stepEdits, textOptions } from './step-form-kit';
import { StepMediaSections } from './step-form-media';

interface StepFormProps {
  step: Step;
  /** The step's place, e.g. `scopes[0].steps[2]` (field ids and problems use it). */
  path: string;
  onChange: (step: Step) => void;
  /** Role keys and aliases, offered for who may reveal the shared password. */
  roleNames: readonly string[];
  /**
   * The step as the published version has it (found by the id it is renamed from, or its own), or undefined for a step
   * not published: its id then holds members' progress, and changing it is a rename (docs/product.md#renaming-a-step).
   */
  publishedStep?: Step | undefined;
}

/**
 * Every field and widget of a step (src/shared/content-schema.ts; docs/product.md#scopes-and-steps and
 * #step-widgets): texts, icon, category, button texts, details, tasks, helpful links, footnote, the easy-read version
 * (#easy-read), image, media, contacts, checklist and acknowledgments with their headers, the PDF to read, the shared
 * password and who may reveal it, the signature and the agreement's version, a form's or quiz's questions, the due
 * date (days after the member's start date), and whether it can be done before the first day (#pre-boarding). Each field shows its own problem.
 */
export function StepForm({ step, path, onChange, roleNames, publishedStep }: StepFormProps) {
  const publishedItemIds = new Set(
    [...(publishedStep?.content.checklist ?? []), ...(publishedStep?.content.acknowledgments ?? [])].map((i) => i.id),
  );
  const { p, set, text, content } = stepEdits({ step, path, onChange });

  return (
    <div className="space-y-4">
      <Section title="Basics">
        <TextField path={p('title')} label="Title" value={step.title} onChange={(v) => set('title', v)} />
        <TextField
          path={p('description')}
          label="Description"
          multiline
          value={step.description}
          onChange={(v) => set('description', v)}
          hint="One or two sentences under the title."
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex items-end gap-2">
            <SelectField
              path={p('icon')}
              label="Icon"
              value={step.icon}
              onChange={(v) => set('icon', v)}
              options={ICON_NAMES.map((n) => ({ value: n, label: n }))}
              className="flex-1"
            />
            <span
              className="mb-1 flex size-9 items-center justify-center rounded-lg bg-slate-100 text-slate-700"
              aria-hidden="true"
            >
              <StepIcon name={step.icon} className="size-5" />
            </span>
          </div>
          <SelectField
            path={p('category')}
            label="Category badge"
            value={step.category}
            onChange={(v) => set('category', v as Step['category'])}
            options={STEP_CATEGORIES.map((c) => ({ value: c, label: c }))}
          />
          <TextField
            path={p('iconColor')}
            label="Icon colour (optional)"
            value={step.iconColor ?? ''}
            onChange={(v) => text('iconColor', v)}
            placeholder="#1d4ed8"
            hint="A hex colour; empty uses the role's colour."
          />
          <SelectField
            path={p('completeButtonText')}
            label="Button on a computer"
            value={step.completeButtonText ?? ''}
            onChange={(v) => text('completeButtonText', v)}
            options={textOptions('Complete (default)')}
          />
          <SelectField
            path={p('mobileCompleteButtonText')}
            label="Button on a phone"
            value={step.mobileCompleteButtonText ?? ''}
            onChange={(v) => text('mobileCompleteButtonText', v)}
            options={textOptions('Done (default)')}
          />
          <NumberField
            path={p('dueAfterDays')}
            label="Due (days after the start date)"
            min={0}
            max={365}
            value={step.dueAfterDays}
            onChange={(v) =>
              onChange(v === undefined ? (({ dueAfterDays: _d, ...rest }) => rest)(step) : { ...step, dueAfterDays: v })
            }
            hint="0 is the member's first day. Members see the due date and get reminders; empty: no due date."
          />
        </div>
        <CheckboxField
          path={p('beforeFirstDay')}
          label="Before the first day"
          checked={step.beforeFirstDay === true}
          onChange={(checked) =>
            onChange(checked ? { ...step, beforeFirstDay: true } : (({ beforeFirstDay: _b, ...rest }) => rest)(step))
          }
          hint="Newcomers can read it, or send its form, on the page opened from the link sent to their private e-mail, before they have their Google account. Only for a step that asks for no password, signature, checklist, contacts, document, quiz or file."
        />
        <Advanced>
          <TextField
            path={p('id')}
            label="Id"
            value={step.id}
            onChange={(v) => onChange(renameStep(step, v, publishedStep?.id))}
            hint={
              publishedStep
                ? "Members' progress on this step is stored by its id. Changing it renames the step: when you publish, what members did on it moves to the new id."
                : 'Made from the title until the step is published. Lower-case words joined by "-".'
            }
          />
          {step.renamedFrom !== undefined ? (
            <p id={fieldDomId(p('renamedFrom'))} className="text-sm text-slate-700">
              Renamed from “{step.renamedFrom}”: what members did on this step moves to “{step.id}” when you publish.{' '}
              <Button
                variant="link"
                className="h-auto p-0"
                onClick={() =>
                  onChange(renameStep(step, publishedStep?.id ?? step.renamedFrom ?? step.id, publishedStep?.id))
                }
              >
                Undo the rename
              </Button>
            </p>
          ) : null}
        </Advanced>
      </Section>

      <Section title="What the open step shows">
        <ListEditor<string>
          path={p('content.details')}
          label="Details"
          itemName="paragraph"
          items={step.content.details}
          onChange={(v) => content('details', v)}
          create={() => ''}
          renderItem={(item, change, itemPath, i) => (
            <TextField path={itemPath} label={`Paragraph ${i + 1}`} multiline value={item} onChange={change} />
          )}
        />
        <ListEditor<string>
          path={p('content.tasks')}
          label="Tasks"
          itemName="task"
          items={step.content.tasks}
          onChange={(v) => content('tasks', v)}
          create={() => ''}
          hint="A numbered list of what to do (not shown on a step with a PDF to read)."
          renderItem={(item, change, itemPath, i) => (
            <TextField path={itemPath} label={`Task ${i + 1}`} value={item} onChange={change} />
          )}
        />
        <ListEditor<HelpfulLink>
          path={p('content.helpfulLinks')}
          label="Helpful links"
          itemName="link"
          items={step.content.helpfulLinks}
          onChange={(v) => content('helpfulLinks', v)}
          create={() => ({ text: '', url: 'https://' })}
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2 sm:grid-cols-2">
              <TextField
                path={`${itemPath}.text`}
                label={`Link ${i + 1} text`}
                value={item.text}
                onChange={(v) => change({ ...item, text: v })}
              />
              <TextField
                path={`${itemPath}.url`}
                label={`Link ${i + 1} address`}
                type="url"
                value={item.url}
                onChange={(v) => change({ ...item, url: v })}
              />
            </div>
          )}
        />
        <TextField
          path={p('footnote')}
          label="Footnote (optional)"
          multiline
          value={step.footnote ?? ''}
          onChange={(v) => text('footnote', v)}
          hint="Shown last, in italics."
        />
      </Section>

      <StepMediaSections step={step} path={path} onChange={onChange} />

      <Section title="Form or quiz">
        <QuestionFields step={step} path={path} onChange={onChange} publishedStep={publishedStep} />
      </Section>

      <StepItemsSection
        kind="checklist"
        step={step}
        path={path}
        onChange={onChange}
        publishedItemIds={publishedItemIds}
      />

      <StepItemsSection
        kind="acknowledgments"
        step={step}
        path={path}
        onChange={onChange}
        publishedItemIds={publishedItemIds}
      />

      <StepDocumentSections step={step} path={path} onChange={onChange} roleNames={roleNames} />
    </div>
  );
}
