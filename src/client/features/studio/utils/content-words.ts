import type { FormFieldKind, FormFileType, MediaItem, TeamTask } from '@shared/content-schema';

/**
 * The studio's plain words for content settings (docs/product.md#editing-in-the-browser): what the form fields show
 * and what the publish dialog's sentences say, so an editor never reads a kind name or a setting's key.
 */

/** The question kinds as the studio's question form offers them (docs/product.md#form-steps). */
export const KIND_LABELS: Record<FormFieldKind, string> = {
  'short-text': 'Short text (one line)',
  'long-text': 'Long text (a paragraph)',
  'single-choice': 'One of a list',
  'multiple-choice': 'Any of a list',
  'yes-no': 'Yes or no',
  date: 'A date',
  number: 'A number',
  email: 'An e-mail address',
  phone: 'A phone number',
  file: 'A file (PDF or picture)',
};

/** The question kinds inside a sentence: "Added the question ‘…’ (short answer, optional)". */
export const KIND_WORDS: Record<FormFieldKind, string> = {
  'short-text': 'short answer',
  'long-text': 'answer of a paragraph',
  'single-choice': 'one choice from a list',
  'multiple-choice': 'any choices from a list',
  'yes-no': 'answered yes or no',
  date: 'a date',
  number: 'a number',
  email: 'an e-mail address',
  phone: 'a phone number',
  file: 'a file',
};

/** The file types a file question may take, in plain words. */
export const FILE_TYPE_LABELS: Record<FormFileType, string> = {
  pdf: 'PDF documents',
  png: 'PNG pictures',
  jpeg: 'JPEG pictures (photos)',
};

/** A quiz question's kind inside a sentence. */
export const QUIZ_KIND_WORDS: Record<'single-choice' | 'multiple-choice', string> = {
  'single-choice': 'one right answer',
  'multiple-choice': 'one or more right answers',
};

/** Who does a team task, in words (docs/product.md#team-tasks). */
export function assigneeWords(who: TeamTask['who']): string {
  if (who === 'lead') return "the leads of the newcomer's department";
  if (who === 'buddy') return "the newcomer's buddy";
  if (who === 'admins') return 'any admin';
  return who.members.join(', ');
}

/** What a media item is, in words. */
const MEDIA_TYPE_WORDS: Record<MediaItem['type'], string> = {
  youtube: 'YouTube video',
  image: 'picture',
  video: 'video',
};

/** How wide a media item is shown, in words. */
const MEDIA_SIZE_WORDS: Record<MediaItem['size'], string> = {
  full: 'full width',
  text: 'as wide as the text',
  small: 'small',
  medium: 'medium',
  large: 'large',
  banner: 'as a banner',
  stretch: 'stretched to fit',
  fit: 'fitted inside its box',
};

/**
 * A media item in words: "picture ‘Our team’, full width, shape 16:9: team.jpg".
 * @param item the media item
 * @param file the words for its address (an uploaded file's name)
 */
export function mediaWords(item: MediaItem, file: string): string {
  const name = item.title ?? item.alt;
  const parts = [
    `${MEDIA_TYPE_WORDS[item.type]}${name === undefined ? '' : ` ‘${name}’`}`,
    item.title !== undefined && item.alt !== undefined ? `described as ‘${item.alt}’` : undefined,
    item.text === undefined ? undefined : `with the text ‘${item.text}’`,
    MEDIA_SIZE_WORDS[item.size],
    `shape ${item.aspectRatio.replace('/', ':')}`,
  ];
  return `${parts.filter((part) => part !== undefined).join(', ')}: ${file}`;
}

/**
 * A number of days relative to the start date, in words: "on the start date", "1 day after the start date",
 * "3 days before the start date".
 * @param days whole days, negative before the start date
 */
export function daysFromStart(days: number): string {
  if (days === 0) return 'on the start date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days > 0 ? 'after' : 'before'} the start date`;
}

/** A shared password by its name in the content, in words: "Chapters password" (docs/product.md#shared-passwords). */
export function sharedPasswordWords(name: string): string {
  const team = name.replace(/_PASS$/u, '');
  const words: Record<string, string> = { HR: 'HR', WIX: 'Wix' };
  return `${words[team] ?? team.charAt(0) + team.slice(1).toLowerCase()} password`;
}
