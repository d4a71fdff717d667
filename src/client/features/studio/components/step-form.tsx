import {
  COMPLETE_BUTTON_TEXTS,
  ICON_NAMES,
  MEDIA_SIZES,
  SECRET_NAMES,
  STEP_CATEGORIES,
  type AcknowledgmentItem,
  type ChecklistItem,
  type Contact,
  type EasyReadSentence,
  type HelpfulLink,
  type MediaItem,
  type Step,
} from '@shared/content-schema';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { StepIcon } from '@/features/onboarding';
import { optionalText, renameItem, renameStep } from '../utils/catalog-edits';
import { sharedPasswordWords } from '../utils/content-words';
import { AssetField } from './asset-field';
import { Advanced, CheckboxField, fieldDomId, ListEditor, NumberField, SelectField, TextField } from './fields';
import { QuestionFields } from './question-fields';

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h4 className="text-base font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}

const textOptions = (defaultLabel: string) => [
  { value: '', label: defaultLabel },
  ...COMPLETE_BUTTON_TEXTS.map((t) => ({ value: t, label: t })),
];

/**
 * Every field and widget of a step (src/shared/content-schema.ts; docs/product.md#scopes-and-steps and
 * #step-widgets): texts, icon, category, button texts, details, tasks, helpful links, footnote, the easy-read version
 * (#easy-read), image, media, contacts, checklist and acknowledgments with their headers, the PDF to read, the shared
 * password and who may reveal it, the signature and the agreement's version, a form's or quiz's questions, and the due
 * date (days after the member's start date). Each field shows its own problem.
 */
export function StepForm({ step, path, onChange, roleNames, publishedStep }: StepFormProps) {
  const p = (field: string) => `${path}.${field}`;
  const publishedItemIds = new Set(
    [...(publishedStep?.content.checklist ?? []), ...(publishedStep?.content.acknowledgments ?? [])].map((i) => i.id),
  );
  const set = <K extends keyof Step>(key: K, value: Step[K]) => onChange({ ...step, [key]: value });
  const text = (key: keyof Step, value: string) => onChange(optionalText(step, key, value));
  const content = <K extends keyof Step['content']>(key: K, value: Step['content'][K]) =>
    onChange({ ...step, content: { ...step.content, [key]: value } });
  const contentText = (key: 'checklistHeader' | 'acknowledgmentHeader', value: string) =>
    onChange({ ...step, content: optionalText(step.content, key, value) });

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

      <Section title="Easy read version">
        <ListEditor<EasyReadSentence>
          path={p('easyRead')}
          label="Easy-read sentences"
          itemName="sentence"
          items={step.easyRead ?? []}
          onChange={(v) =>
            onChange(v.length === 0 ? (({ easyRead: _e, ...rest }) => rest)(step) : { ...step, easyRead: v })
          }
          create={() => ({ text: '' })}
          hint="Members who choose 'Easy read' see these in place of the details and tasks. Write short sentences that each say one thing, with everyday words. A picture helps to show what a sentence means."
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2">
              <TextField
                path={`${itemPath}.text`}
                label={`Sentence ${i + 1}`}
                value={item.text}
                onChange={(v) => change({ ...item, text: v })}
              />
              <CheckboxField
                path={`${itemPath}.picture`}
                label={`Show a picture with sentence ${i + 1}`}
                checked={item.picture !== undefined}
                onChange={(on) => {
                  const { picture: _picture, ...rest } = item;
                  change(on ? { ...rest, picture: { src: '', alt: '' } } : rest);
                }}
              />
              {item.picture ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  <AssetField
                    path={`${itemPath}.picture.src`}
                    label={`Sentence ${i + 1} picture`}
                    kind="image"
                    value={item.picture.src}
                    onChange={(v) => change({ ...item, picture: { src: v, alt: item.picture?.alt ?? '' } })}
                  />
                  <TextField
                    path={`${itemPath}.picture.alt`}
                    label={`Sentence ${i + 1} picture description (alt text)`}
                    value={item.picture.alt}
                    onChange={(v) => change({ ...item, picture: { src: item.picture?.src ?? '', alt: v } })}
                    hint="What the picture shows, for people who cannot see it."
                  />
                </div>
              ) : null}
            </div>
          )}
        />
      </Section>

      <Section title="Image and media">
        <CheckboxField
          path={p('image')}
          label="Show an image"
          checked={step.image !== undefined}
          onChange={(on) => {
            const { image: _image, ...rest } = step;
            onChange(on ? { ...rest, image: { src: '', alt: '' } } : rest);
          }}
        />
        {step.image ? (
          <div className="grid gap-2">
            <AssetField
              path={p('image.src')}
              label="Image address"
              kind="image"
              value={step.image.src}
              onChange={(v) => set('image', { src: v, alt: step.image?.alt ?? '' })}
            />
            <TextField
              path={p('image.alt')}
              label="Image description (alt text)"
              value={step.image.alt}
              onChange={(v) => set('image', { src: step.image?.src ?? '', alt: v })}
              hint="What the image shows, for people who cannot see it."
            />
          </div>
        ) : null}
        <ListEditor<MediaItem>
          path={p('media')}
          label="Media"
          itemName="media item"
          items={step.media}
          onChange={(v) => set('media', v)}
          create={() => ({ type: 'youtube', src: 'https://', aspectRatio: '16/9', size: 'full' })}
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2 sm:grid-cols-2">
              <SelectField
                path={`${itemPath}.type`}
                label={`Media ${i + 1} kind`}
                value={item.type}
                onChange={(v) => change({ ...item, type: v as MediaItem['type'] })}
                options={[
                  { value: 'youtube', label: 'YouTube video' },
                  { value: 'image', label: 'Image' },
                  { value: 'video', label: 'Video file' },
                ]}
              />
              <SelectField
                path={`${itemPath}.size`}
                label={`Media ${i + 1} size`}
                value={item.size}
                onChange={(v) => change({ ...item, size: v as MediaItem['size'] })}
                options={MEDIA_SIZES.map((s) => ({ value: s, label: s }))}
              />
              <div className="sm:col-span-2">
                {item.type === 'image' ? (
                  <AssetField
                    path={`${itemPath}.src`}
                    label={`Media ${i + 1} address`}
                    kind="image"
                    value={item.src}
                    onChange={(v) => change({ ...item, src: v })}
                  />
                ) : (
                  <TextField
                    path={`${itemPath}.src`}
                    label={`Media ${i + 1} address`}
                    type="url"
                    value={item.src}
                    onChange={(v) => change({ ...item, src: v })}
                    hint={
                      item.type === 'youtube' ? 'The YouTube link, e.g. https://www.youtube.com/watch?v=…' : undefined
                    }
                  />
                )}
              </div>
              <TextField
                path={`${itemPath}.title`}
                label={`Media ${i + 1} title (optional)`}
                value={item.title ?? ''}
                onChange={(v) => change(optionalText(item, 'title', v))}
              />
              <TextField
                path={`${itemPath}.alt`}
                label={`Media ${i + 1} description (optional)`}
                value={item.alt ?? ''}
                onChange={(v) => change(optionalText(item, 'alt', v))}
              />
              <TextField
                path={`${itemPath}.text`}
                label={`Media ${i + 1} caption (optional)`}
                value={item.text ?? ''}
                onChange={(v) => change(optionalText(item, 'text', v))}
              />
              <TextField
                path={`${itemPath}.aspectRatio`}
                label={`Media ${i + 1} aspect ratio`}
                value={item.aspectRatio}
                onChange={(v) => change({ ...item, aspectRatio: v })}
                hint='Width/height, e.g. "16/9".'
              />
            </div>
          )}
        />
      </Section>

      <Section title="People">
        <CheckboxField
          path={p('isContactStep')}
          label="This step introduces people ('Your People')"
          checked={step.isContactStep}
          onChange={(v) => set('isContactStep', v)}
        />
        <ListEditor<Contact>
          path={p('content.contacts')}
          label="Contacts"
          itemName="contact"
          items={step.content.contacts}
          onChange={(v) => content('contacts', v)}
          create={() => ({ name: '', email: '', position: '' })}
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2 sm:grid-cols-2">
              <TextField
                path={`${itemPath}.name`}
                label={`Contact ${i + 1} name`}
                value={item.name}
                onChange={(v) => change({ ...item, name: v })}
              />
              <TextField
                path={`${itemPath}.email`}
                label={`Contact ${i + 1} e-mail`}
                type="email"
                value={item.email}
                onChange={(v) => change({ ...item, email: v })}
              />
              <TextField
                path={`${itemPath}.position`}
                label={`Contact ${i + 1} position`}
                value={item.position}
                onChange={(v) => change({ ...item, position: v })}
              />
              <div className="sm:col-span-2">
                <AssetField
                  path={`${itemPath}.picture`}
                  label={`Contact ${i + 1} picture (optional)`}
                  kind="image"
                  value={item.picture ?? ''}
                  onChange={(v) => change(optionalText(item, 'picture', v))}
                />
              </div>
              <TextField
                className="sm:col-span-2"
                path={`${itemPath}.bio`}
                label={`Contact ${i + 1} bio (optional)`}
                multiline
                value={item.bio ?? ''}
                onChange={(v) => change(optionalText(item, 'bio', v))}
              />
            </div>
          )}
        />
      </Section>

      <Section title="Form or quiz">
        <QuestionFields step={step} path={path} onChange={onChange} publishedStep={publishedStep} />
      </Section>

      <Section title="Checklist">
        <CheckboxField
          path={p('isChecklistStep')}
          label="Members tick every item before the step completes"
          checked={step.isChecklistStep}
          onChange={(v) => set('isChecklistStep', v)}
        />
        <TextField
          path={p('content.checklistHeader')}
          label="Checklist header (optional)"
          value={step.content.checklistHeader ?? ''}
          onChange={(v) => contentText('checklistHeader', v)}
        />
        <ListEditor<ChecklistItem>
          path={p('content.checklist')}
          label="Checklist items"
          itemName="checklist item"
          items={step.content.checklist}
          onChange={(v) => content('checklist', v)}
          create={() => ({ id: `item-${step.content.checklist.length + 1}`, text: '' })}
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2">
              <TextField
                path={`${itemPath}.text`}
                label={`Item ${i + 1} text`}
                value={item.text}
                onChange={(v) => change({ ...item, text: v })}
              />
              <Advanced>
                <TextField
                  path={`${itemPath}.id`}
                  label={`Item ${i + 1} id`}
                  value={item.id}
                  onChange={(v) => change(renameItem(item, v, publishedItemIds))}
                  hint={
                    item.renamedFrom === undefined
                      ? "Members' ticks are stored by it."
                      : `Renamed from “${item.renamedFrom}”: members' ticks move to the new id when you publish.`
                  }
                />
              </Advanced>
            </div>
          )}
        />
      </Section>

      <Section title="Acknowledgments">
        <CheckboxField
          path={p('isAcknowledgmentStep')}
          label="Members acknowledge every item before the step completes"
          checked={step.isAcknowledgmentStep}
          onChange={(v) => set('isAcknowledgmentStep', v)}
        />
        <TextField
          path={p('content.acknowledgmentHeader')}
          label="Acknowledgments header (optional)"
          value={step.content.acknowledgmentHeader ?? ''}
          onChange={(v) => contentText('acknowledgmentHeader', v)}
        />
        <ListEditor<AcknowledgmentItem>
          path={p('content.acknowledgments')}
          label="Acknowledgment items"
          itemName="acknowledgment"
          items={step.content.acknowledgments}
          onChange={(v) => content('acknowledgments', v)}
          create={() => ({ id: `acknowledgment-${step.content.acknowledgments.length + 1}`, content: '' })}
          renderItem={(item, change, itemPath, i) => (
            <div className="grid gap-2">
              <TextField
                path={`${itemPath}.content`}
                label={`Acknowledgment ${i + 1} text`}
                multiline
                value={item.content}
                onChange={(v) => change({ ...item, content: v })}
              />
              <Advanced>
                <TextField
                  path={`${itemPath}.id`}
                  label={`Acknowledgment ${i + 1} id`}
                  value={item.id}
                  onChange={(v) => change(renameItem(item, v, publishedItemIds))}
                  hint={
                    item.renamedFrom === undefined
                      ? "Members' acknowledgments are stored by it."
                      : `Renamed from “${item.renamedFrom}”: members' ticks move to the new id when you publish.`
                  }
                />
              </Advanced>
            </div>
          )}
        />
      </Section>

      <Section title="Document to read">
        <CheckboxField
          path={p('requiresScrollOrDownload')}
          label="Members must read a PDF"
          hint="The complete button unlocks after a 15-second wait once the PDF is shown, or when the member downloads it."
          checked={step.requiresScrollOrDownload}
          onChange={(v) => set('requiresScrollOrDownload', v)}
        />
        <AssetField
          path={p('pdfUrl')}
          label="PDF address"
          kind="pdf"
          value={step.pdfUrl ?? ''}
          onChange={(v) => text('pdfUrl', v)}
        />
        <CheckboxField
          path={p('pdfDraft')}
          label="This PDF is a draft"
          hint="Members see 'DRAFT' on it and on their signature receipts until you untick this for the final document."
          checked={step.pdfDraft === true}
          onChange={(v) => onChange(v ? { ...step, pdfDraft: true } : (({ pdfDraft: _d, ...rest }) => rest)(step))}
        />
        <CheckboxField
          path={p('signature')}
          label="Members sign it (type their full name and agree)"
          checked={step.signature === true}
          onChange={(v) => onChange(v ? { ...step, signature: true } : (({ signature: _s, ...rest }) => rest)(step))}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            path={p('version')}
            label="Agreement version"
            min={1}
            value={step.version}
            onChange={(v) =>
              onChange(v === undefined ? (({ version: _v, ...rest }) => rest)(step) : { ...step, version: v })
            }
            hint="Raise it for a material change: members agree again."
          />
          <NumberField
            path={p('renewEveryDays')}
            label="Agree again every (days)"
            min={1}
            max={3660}
            value={step.renewEveryDays}
            onChange={(v) =>
              onChange(
                v === undefined ? (({ renewEveryDays: _r, ...rest }) => rest)(step) : { ...step, renewEveryDays: v },
              )
            }
            hint="Empty: an agreement does not lapse."
          />
          <TextField
            path={p('versionDate')}
            label="Version date (optional)"
            type="date"
            value={step.versionDate ?? ''}
            onChange={(v) => text('versionDate', v)}
          />
          <TextField
            path={p('versionNote')}
            label="What changed (optional)"
            value={step.versionNote ?? ''}
            onChange={(v) => text('versionNote', v)}
          />
        </div>
      </Section>

      <Section title="Shared password">
        <CheckboxField
          path={p('envVariable')}
          label="Show a team's shared password in this step"
          checked={step.envVariable !== undefined}
          onChange={(on) => {
            const { envVariable: _e, ...rest } = step;
            onChange(on ? { ...rest, envVariable: { name: SECRET_NAMES[0], requiredRole: [] } } : rest);
          }}
        />
        {step.envVariable ? (
          <>
            <SelectField
              path={p('envVariable.name')}
              label="Which password"
              value={step.envVariable.name}
              onChange={(v) =>
                set('envVariable', {
                  requiredRole: step.envVariable?.requiredRole ?? [],
                  name: v as (typeof SECRET_NAMES)[number],
                })
              }
              options={SECRET_NAMES.map((n) => ({ value: n, label: sharedPasswordWords(n) }))}
            />
            <datalist id="studio-role-names">
              {['*', ...roleNames].map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <ListEditor<string>
              path={p('envVariable.requiredRole')}
              label="Who may reveal it"
              itemName="role"
              hint="Role keys, aliases or role texts; '*' lets anyone signed in with Google see it."
              items={step.envVariable.requiredRole}
              onChange={(v) => set('envVariable', { name: step.envVariable?.name ?? SECRET_NAMES[0], requiredRole: v })}
              create={() => ''}
              renderItem={(item, change, itemPath, i) => (
                <RoleNameInput path={itemPath} label={`Role ${i + 1}`} value={item} onChange={change} />
              )}
            />
          </>
        ) : null}
      </Section>
    </div>
  );
}

function RoleNameInput({
  path,
  label,
  value,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      path={path}
      label={label}
      value={value}
      onChange={onChange}
      placeholder="e.g. finance"
      list="studio-role-names"
    />
  );
}
