import { SECRET_NAMES } from '@shared/content-schema';
import { sharedPasswordWords } from '../utils/content-words';
import { AssetField } from './asset-field';
import { CheckboxField, DayField, ListEditor, NumberField, SelectField, TextField } from './fields';
import { Section, type StepSectionProps, stepEdits } from './step-form-kit';

/** The document to read, its signature and version, and the shared password of a step (docs/product.md#step-widgets, docs/product.md#shared-passwords). */
export function StepDocumentSections(props: StepSectionProps & { roleNames: readonly string[] }) {
  const { step, onChange, roleNames } = props;
  const { p, set, text } = stepEdits(props);
  return (
    <>
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
          <DayField
            path={p('versionDate')}
            label="Version date (optional)"
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
    </>
  );
}

/** One role name of who may reveal a shared password, offered from the role keys and aliases. */
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
