import { MEDIA_SIZES, type Contact, type EasyReadSentence, type MediaItem } from '@shared/content-schema';
import { optionalText } from '../utils/catalog-edits';
import { AssetField } from './asset-field';
import { CheckboxField, ListEditor, SelectField, TextField } from './fields';
import { Section, type StepSectionProps, stepEdits } from './step-form-kit';

/** The easy-read version, the image and media, and the people to meet of a step (docs/product.md#easy-read, docs/product.md#step-widgets). */
export function StepMediaSections(props: StepSectionProps) {
  const { step, onChange } = props;
  const { p, set, content } = stepEdits(props);
  return (
    <>
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
    </>
  );
}
