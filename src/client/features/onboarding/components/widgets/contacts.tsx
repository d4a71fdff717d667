import type { Person } from '@shared/api';
import type { Contact } from '@shared/content-schema';
import { isPlaceholder, UNCONFIRMED_EMAIL_SENTENCE } from '@shared/placeholders';
import { SECRET_REFUSAL_TEXT, type SecretRefusalReason } from '@shared/secret-access';
import Copy from 'lucide-react/icons/copy';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import KeyRound from 'lucide-react/icons/key-round';
import Hand from 'lucide-react/icons/hand';
import Mail from 'lucide-react/icons/mail';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import * as Avatar from '@radix-ui/react-avatar';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';
import { confirmCopied, toast } from '@/lib/toasts';

/** Size of the generated fallback avatar image, in pixels (docs/product.md#constants: "avatar fallback 128 px"). */
export const AVATAR_FALLBACK_PX = 128;
/** The masked password (docs/product.md#constants: "password masked as 8 dots"). */
export const MASKED_PASSWORD = '••••••••';

/**
 * The columns of the 'Your People' grid (docs/product.md#step-widgets: "1 column for 1 contact, 2 for 2, 3 for 3 or
 * more"), from the width where they fit; phones always get one column.
 */
export function contactGridColumns(count: number): 1 | 2 | 3 {
  return count <= 1 ? 1 : count === 2 ? 2 : 3;
}

const GRID_CLASSES: Record<1 | 2 | 3, string> = {
  1: 'grid-cols-1 max-w-md',
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
};

/**
 * A generated initials avatar as an SVG data URL, {@link AVATAR_FALLBACK_PX} square (docs/product.md#profile-pictures:
 * the fallback is a generated avatar from the name; made locally, no third-party avatar service).
 */
export function initialsAvatarUrl(name: string): string {
  const size = AVATAR_FALLBACK_PX;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#e0e7ff"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" ` +
    `font-weight="700" fill="#3730a3">${initialsOf(name).replace(/[<&>"]/gu, '')}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Copies text and confirms it in the confirmation toaster (docs/product.md#exact-texts: "Email copied to clipboard",
 * 2000 ms); says so when the browser does not allow it.
 */
async function copy(text: string, confirmation: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    confirmCopied(confirmation);
  } catch {
    toast.error('Could not copy', {
      description: 'Your browser did not allow it. Select the text and copy it yourself.',
    });
  }
}

/** The e-mail line of a contact: the address as a button that copies it (tooltip 'Click to copy email'). */
export function EmailLine({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const [local, domain] = at === -1 ? [email, ''] : [email.slice(0, at), email.slice(at + 1)];
  return (
    <Tooltip content="Click to copy email">
      <button
        type="button"
        onClick={() => void copy(email, 'Email copied to clipboard')}
        className="group inline-flex max-w-full items-center gap-1.5 rounded-md py-0.5 text-left text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <Mail aria-hidden="true" className="size-4 shrink-0" />
        {/* Long addresses wrap after the @ first; only the domain may break inside where it is longer than the line,
            so a squeezed button never breaks the name before the @ (docs/product.md#accessibility). */}
        <span className="[overflow-wrap:break-word] underline underline-offset-2">
          {local}@<wbr />
          <span className="[overflow-wrap:anywhere]">{domain}</span>
        </span>
        <Copy aria-hidden="true" className="size-3.5 shrink-0 opacity-70 group-hover:opacity-100" />
        <span className="sr-only">(copy)</span>
      </button>
    </Tooltip>
  );
}

/**
 * The password line of a shared-password step (docs/product.md#step-widgets,
 * docs/product.md#shared-passwords): 8 dots with the tooltip 'Confidential'
 * until 'Show' is pressed; with a password, a button copies it ('Password copied to clipboard', 2000 ms); without,
 * the placeholder's tooltip and a line below say why it is hidden.
 * @param password the shared password, when the server revealed it (docs/product.md#shared-passwords); undefined
 *   otherwise
 * @param hiddenReason why it is hidden (docs/product.md#shared-passwords), or null when there is simply none to show
 */
export function PasswordLine({
  password,
  hiddenReason,
}: {
  password: string | undefined;
  hiddenReason: SecretRefusalReason | null;
}) {
  const [shown, setShown] = useState(false);
  const visible = shown && password !== undefined;
  const hint = password === undefined && hiddenReason !== null ? SECRET_REFUSAL_TEXT[hiddenReason] : 'Confidential';
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="font-medium text-slate-700">Password:</span>
        {visible ? (
          <code
            data-testid="password-value"
            className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 [overflow-wrap:anywhere]"
          >
            {password}
          </code>
        ) : (
          <Tooltip content={hint}>
            <span
              tabIndex={0}
              aria-label="Password hidden"
              className="rounded font-mono tracking-widest text-slate-900"
            >
              {MASKED_PASSWORD}
            </span>
          </Tooltip>
        )}
        {password !== undefined ? (
          <>
            <button
              type="button"
              aria-pressed={shown}
              onClick={() => setShown((s) => !s)}
              className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-brand-700 hover:bg-brand-50"
            >
              {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
              {shown ? 'Hide' : 'Show'}
            </button>
            <Tooltip content="Click to copy password">
              <button
                type="button"
                aria-label="Copy password"
                onClick={() => void copy(password, 'Password copied to clipboard')}
                className="inline-flex size-7 items-center justify-center rounded-md text-brand-700 hover:bg-brand-50"
              >
                <Copy aria-hidden="true" className="size-4" />
              </button>
            </Tooltip>
          </>
        ) : null}
      </div>
      {password === undefined && hiddenReason !== null ? (
        <p className="pl-6 text-xs text-slate-600 italic">{SECRET_REFUSAL_TEXT[hiddenReason]}</p>
      ) : null}
    </div>
  );
}

/** The visible mark of a placeholder (docs/product.md#placeholders): a small 'to be confirmed' badge. */
export function ToBeConfirmedBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
      to be confirmed
    </span>
  );
}

/**
 * The e-mail line of a contact whose address is a guess (docs/product.md#placeholders): says so, and shows neither the
 * guessed address nor a way to copy or mail it.
 */
function UnconfirmedEmailLine() {
  return (
    <p className="inline-flex max-w-full items-center gap-1.5 text-sm text-slate-700">
      <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      E-mail address to be confirmed
    </p>
  );
}

/**
 * How a contact's placeholders show (docs/product.md#placeholders): `emailUnconfirmed` when the bio says "E-mail address
 * to be confirmed." (that sentence is then left out of the bio, the e-mail line says it instead), `bio` the bio to
 * show, and `marked` when any text of the contact is a placeholder, which the card's badge then says where the bio's
 * 4-line clamp could hide it.
 * @param contact a contact of the content
 */
export function contactPlaceholders(contact: Contact): {
  emailUnconfirmed: boolean;
  bio: string | undefined;
  marked: boolean;
} {
  const emailUnconfirmed = contact.bio !== undefined && UNCONFIRMED_EMAIL_SENTENCE.test(contact.bio);
  const bio = emailUnconfirmed ? contact.bio?.replace(UNCONFIRMED_EMAIL_SENTENCE, '').trim() || undefined : contact.bio;
  const marked = emailUnconfirmed || [contact.name, contact.position, contact.email, contact.bio].some(isPlaceholder);
  return { emailUnconfirmed, bio, marked };
}

/** A contact's round avatar: the picture, else (and while it loads) the generated initials avatar. */
function ContactAvatar({ name, picture }: { name: string; picture: string | null | undefined }) {
  return (
    <Avatar.Root className="inline-flex size-14 shrink-0 overflow-hidden rounded-full bg-brand-100 ring-2 ring-white shadow-sm">
      <Avatar.Image
        src={picture ?? initialsAvatarUrl(name)}
        alt=""
        referrerPolicy="no-referrer"
        className="size-full object-cover"
      />
      <Avatar.Fallback delayMs={300}>
        <img
          src={initialsAvatarUrl(name)}
          alt=""
          width={AVATAR_FALLBACK_PX}
          height={AVATAR_FALLBACK_PX}
          className="size-full"
        />
      </Avatar.Fallback>
    </Avatar.Root>
  );
}

/** What a person is to the member (docs/product.md#your-people), as their card says it. */
export function relationText(relations: Person['relations']): string {
  const lead = relations.includes('lead');
  const buddy = relations.includes('buddy');
  return lead && buddy ? 'Your team lead and buddy' : lead ? 'Your team lead' : 'Your buddy';
}

/**
 * One of the member's own people (docs/product.md#your-people): Google photo (or initials), name, what they are to the
 * member, the e-mail line, and a 'Say hello' link that starts an e-mail to them.
 */
function PersonCard({ person }: { person: Person }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-brand-50/40 p-4" data-person="">
      <div className="flex items-center gap-3">
        <ContactAvatar name={person.name} picture={person.picture} />
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">{person.name}</p>
          <p className="text-sm text-slate-600">{relationText(person.relations)}</p>
        </div>
      </div>
      <EmailLine email={person.email} />
      <a
        href={`mailto:${person.email}`}
        aria-label={`Say hello to ${person.name}`}
        className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        <Hand aria-hidden="true" className="size-4 shrink-0" />
        Say hello
      </a>
    </li>
  );
}

/**
 * A contact's bio, cut to 4 lines (docs/product.md#step-widgets); when the cut hides some of it (a long bio, large
 * text, more spacing), 'Show all' under it shows the rest, so nothing is lost whatever the text size (WCAG 1.4.4).
 * @param bio the text; `name` the contact's name, in the button's accessible name ('Show all about Volunteer Support')
 */
function ContactBio({ bio, name }: { bio: string; name: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div>
      <p id={id} ref={ref} className={cn('text-sm text-slate-700', !open && 'line-clamp-4')} title={bio}>
        {bio}
      </p>
      {cut || open ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          // Which contact's text, for a screen reader listing the buttons of the page.
          aria-label={`${open ? 'Show less' : 'Show all'} about ${name}`}
          onClick={() => setOpen(!open)}
          className="mt-1 min-h-6 rounded-md text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {open ? 'Show less' : 'Show all'}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One contact: avatar, name (with a 'to be confirmed' badge when the contact holds a placeholder), position, e-mail
 * line, bio clamped to 4 lines, and the password line when there is one.
 */
function ContactCard({ contact, password }: { contact: Contact; password: PasswordInfo | undefined }) {
  const { emailUnconfirmed, bio, marked } = contactPlaceholders(contact);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      {/* The name goes under the picture when less than 8 rem is left beside it (large text on a phone). */}
      <div className="flex flex-wrap items-center gap-3">
        <ContactAvatar name={contact.name} picture={contact.picture} />
        <div className="min-w-0 flex-1 basis-32">
          <p className="font-semibold text-slate-900">{contact.name}</p>
          <p className="text-sm text-slate-600">{contact.position}</p>
          {marked ? (
            <p className="mt-1">
              <ToBeConfirmedBadge />
            </p>
          ) : null}
        </div>
      </div>
      {emailUnconfirmed ? <UnconfirmedEmailLine /> : <EmailLine email={contact.email} />}
      {bio ? <ContactBio bio={bio} name={contact.name} /> : null}
      {password ? <PasswordLine password={password.value} hiddenReason={password.hiddenReason} /> : null}
    </li>
  );
}

/** The password of a shared-password step's contacts: its value when revealed, else why it is hidden. */
export interface PasswordInfo {
  value: string | undefined;
  hiddenReason: SecretRefusalReason | null;
}

/**
 * The 'Your People' grid of a contact step (docs/product.md#step-widgets): 1, 2 or 3 columns by the number of cards.
 * @param people the member's own lead(s) and buddy (docs/product.md#your-people), shown first, before the content's
 *   contacts (whose placeholders keep their 'to be confirmed' marks)
 * @param password set for a step with `envVariable` (docs/product.md#shared-passwords): each contact shows the password
 *   line
 */
export function ContactGrid({
  contacts,
  password,
  people = [],
}: {
  contacts: readonly Contact[];
  password?: PasswordInfo;
  people?: readonly Person[];
}) {
  const columns = contactGridColumns(people.length + contacts.length);
  return (
    <section aria-label="Your People" className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">Your People</h4>
      <ul className={cn('grid gap-3', GRID_CLASSES[columns])} data-columns={columns}>
        {people.map((person) => (
          <PersonCard key={`person:${person.email}`} person={person} />
        ))}
        {contacts.map((contact) => (
          <ContactCard key={contact.email} contact={contact} password={password} />
        ))}
      </ul>
    </section>
  );
}
