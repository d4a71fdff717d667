import type { AcknowledgmentItem, ChecklistItem, Step } from '@shared/content-schema';
import { renameItem } from '../utils/catalog-edits';
import { Advanced, CheckboxField, ListEditor, TextField } from './fields';
import { Section, type StepSectionProps, stepEdits } from './step-form-kit';
/** What differs between the checklist and the acknowledgments sections. */
const ITEM_SECTIONS = {
  checklist: {
    title: 'Checklist',
    flag: 'isChecklistStep',
    flagLabel: 'Members tick every item before the step completes',
    header: 'checklistHeader',
    headerLabel: 'Checklist header (optional)',
    listLabel: 'Checklist items',
    itemName: 'checklist item',
    itemLabel: 'Item',
    idPrefix: 'item',
    textKey: 'text',
    multiline: false,
    storedBy: "Members' ticks are stored by it.",
  },
  acknowledgments: {
    title: 'Acknowledgments',
    flag: 'isAcknowledgmentStep',
    flagLabel: 'Members acknowledge every item before the step completes',
    header: 'acknowledgmentHeader',
    headerLabel: 'Acknowledgments header (optional)',
    listLabel: 'Acknowledgment items',
    itemName: 'acknowledgment',
    itemLabel: 'Acknowledgment',
    idPrefix: 'acknowledgment',
    textKey: 'content',
    multiline: true,
    storedBy: "Members' acknowledgments are stored by it.",
  },
} as const;

type ItemOf<K extends keyof typeof ITEM_SECTIONS> = Step['content'][K][number];

/**
 * The checklist or the acknowledgments of a step (docs/product.md#step-widgets): whether every item must be ticked,
 * the header, and the items with their text and (under Advanced) their id, whose change is a rename that moves
 * members' ticks when published (docs/product.md#renaming-a-step).
 */
export function StepItemsSection<K extends keyof typeof ITEM_SECTIONS>(
  props: StepSectionProps & { kind: K; publishedItemIds: ReadonlySet<string> },
) {
  const { step, kind, publishedItemIds } = props;
  const { p, set, content, contentText } = stepEdits(props);
  const words = ITEM_SECTIONS[kind];
  const items: ItemOf<K>[] = step.content[kind];
  const textOf = (item: ItemOf<K>): string =>
    words.textKey === 'text' ? (item as ChecklistItem).text : (item as AcknowledgmentItem).content;
  return (
    <Section title={words.title}>
      <CheckboxField
        path={p(words.flag)}
        label={words.flagLabel}
        checked={step[words.flag]}
        onChange={(v) => set(words.flag, v)}
      />
      <TextField
        path={p(`content.${words.header}`)}
        label={words.headerLabel}
        value={step.content[words.header] ?? ''}
        onChange={(v) => contentText(words.header, v)}
      />
      <ListEditor<ItemOf<K>>
        path={p(`content.${kind}`)}
        label={words.listLabel}
        itemName={words.itemName}
        items={items}
        onChange={(v) => content(kind, v as Step['content'][K])}
        create={() => ({ id: `${words.idPrefix}-${items.length + 1}`, [words.textKey]: '' }) as ItemOf<K>}
        renderItem={(item, change, itemPath, i) => (
          <div className="grid gap-2">
            <TextField
              path={`${itemPath}.${words.textKey}`}
              label={`${words.itemLabel} ${i + 1} text`}
              multiline={words.multiline}
              value={textOf(item)}
              onChange={(v) => change({ ...item, [words.textKey]: v })}
            />
            <Advanced>
              <TextField
                path={`${itemPath}.id`}
                label={`${words.itemLabel} ${i + 1} id`}
                value={item.id}
                onChange={(v) => change(renameItem(item, v, publishedItemIds))}
                hint={
                  item.renamedFrom === undefined
                    ? words.storedBy
                    : `Renamed from “${item.renamedFrom}”: members' ticks move to the new id when you publish.`
                }
              />
            </Advanced>
          </div>
        )}
      />
    </Section>
  );
}
