/**
 * Generates content/assets/volunteer-agreement.pdf, the INSPIRED 2 UPLIFT Volunteer Agreement shown by the
 * "Sign the Volunteer Agreement" step (content/roles/volunteer.yaml). The text lives here, so a change to the
 * agreement is a reviewable diff; the PDF is committed so the server never needs this script at run time.
 *
 * Deterministic: fixed metadata dates and no random ids, so running it again without text changes gives the same
 * bytes. Run: `npx tsx scripts/make-volunteer-agreement.ts [output.pdf]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCapStyle, PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';

const VERSION = '1.0';
/** Bump together with VERSION when the text changes; fixed so the output is reproducible. */
const ISSUED = new Date('2026-11-01T12:00:00Z');
const ISSUED_TEXT = 'November 2026';

const OUTPUT = resolve(
  process.argv[2] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../content/assets/volunteer-agreement.pdf'),
);

/** One piece of the agreement, laid out top to bottom. */
type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; bold?: boolean }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'signatures'; groups: { title: string; fields: string[] }[] };

const AGREEMENT: Block[] = [
  { kind: 'heading', text: '1. Welcome and purpose' },
  {
    kind: 'paragraph',
    text:
      'Welcome to INSPIRED 2 UPLIFT! We are a nonprofit run by and for young people with disabilities. We run local ' +
      'chapters, a blog, social media and advocacy and empowerment programs. Volunteers like you make all of this ' +
      'happen.',
  },
  {
    kind: 'paragraph',
    text:
      'This agreement explains what you can expect from us and what we ask of you. It is not a job contract: you ' +
      'are not paid, and you can stop volunteering at any time. Please read it carefully. If anything is unclear, ' +
      'ask your team lead before you sign. There are no silly questions.',
  },

  { kind: 'heading', text: '2. Your role and time commitment' },
  {
    kind: 'bullets',
    items: [
      'Your team lead will explain your role, your first tasks and who to go to for help.',
      'Together you agree how much time you can give each week. School, health and family come first. If your ' +
        'time changes, just tell your team lead as early as you can.',
      "Come to the team calls you said yes to. If you can't make it, let your team know.",
      'Do the tasks you agreed to, or say so early if you need more time or help. Asking for help is a strength.',
    ],
  },
  { kind: 'paragraph', text: 'What you can expect from us:', bold: true },
  {
    kind: 'bullets',
    items: [
      'A clear introduction to your role and the training you need.',
      'A named person who supports you and answers your questions.',
      'Respect for your time, your ideas and your access needs.',
      'Honest, kind feedback, and thanks for the work you do.',
    ],
  },

  { kind: 'heading', text: '3. Code of conduct' },
  {
    kind: 'bullets',
    items: [
      'Treat everyone with respect: members, volunteers, staff, and people we meet online and in the community.',
      'No bullying, harassment, hate or discrimination of any kind, including about disability, race, gender, ' +
        'sexuality, religion, age or background.',
      'Use the names and pronouns people ask you to use, and the words people choose for themselves, including ' +
        'about their own disability.',
      'Only speak for INSPIRED 2 UPLIFT in public (for example to the press or in posts) when your team lead says ' +
        'you can.',
      'Online, be kind and think before you post. Never share screenshots of private chats.',
      'Do not volunteer while under the influence of alcohol or drugs.',
    ],
  },

  { kind: 'heading', text: '4. Confidentiality and privacy' },
  {
    kind: 'paragraph',
    text:
      'As a volunteer you may see private information, like names, ages, contact details, schools, health or ' +
      'disability information, and personal stories that members have shared with us.',
  },
  {
    kind: 'bullets',
    items: [
      'Use private information only for your volunteer work, and keep it in our organisation accounts (Google ' +
        'Drive, Gmail and Slack). Do not copy it to your personal accounts or devices.',
      "Never share someone's story, photo, name or details publicly without their permission. For members under " +
        '18, we may also need permission from a parent or guardian. Your team lead will check this with you.',
      'If private information is shared by mistake or lost, tell your team lead straight away. Mistakes happen, ' +
        'and telling us quickly is what matters most.',
      'Keeping information private continues after you stop volunteering.',
    ],
  },
  {
    kind: 'paragraph',
    text:
      'Your information is private too. We keep your name, contact details, role and access needs so we can ' +
      'organise volunteering, and only people who need them can see them. You can ask to see or correct them.',
  },

  { kind: 'heading', text: '5. Safeguarding young people' },
  {
    kind: 'paragraph',
    text: "Many of our members are under 18. Keeping every young person safe is everyone's job, including yours.",
  },
  {
    kind: 'bullets',
    items: [
      'Talk with members only through organisation channels: Slack, your @inspired2uplift.org e-mail and team ' +
        'calls. Do not use personal social media, personal phone numbers or private messaging apps.',
      'Avoid private one-to-one situations with young members. Keep another team member in the call or in the ' +
        'conversation.',
      'Never ask a member for personal photos, money, or to meet in private.',
      'If a young person tells you something worrying, or you see something worrying: listen, stay calm, and do ' +
        'not promise to keep it secret. Write down what was said, in their words, and tell your director or the ' +
        'Executive team the same day.',
      'If someone is in immediate danger, call your local emergency number first, then tell us.',
    ],
  },

  { kind: 'heading', text: '6. Accessibility and accommodations' },
  {
    kind: 'paragraph',
    text:
      'INSPIRED 2 UPLIFT is run by and for young people with disabilities. Asking for what you need is normal ' +
      'here. You never have to explain or prove your disability.',
  },
  {
    kind: 'bullets',
    items: [
      'You can ask for things like extra time, captions, an agenda before calls, breaks, camera off, written ' +
        'instead of spoken updates, flexible deadlines, or documents in another format (large print, plain text or ' +
        'read aloud).',
      'Tell your team lead at any time, and again whenever your needs change. We share your access needs only ' +
        'with people who need to know, and only with your OK.',
      'Please help make our work accessible for others too: add image descriptions (alt text), caption videos, ' +
        'use readable colours and plain language.',
    ],
  },

  { kind: 'heading', text: '7. Using organisation accounts and devices' },
  {
    kind: 'bullets',
    items: [
      'You get an @inspired2uplift.org Google account and a place in our Slack workspace. Use them only for your ' +
        'INSPIRED 2 UPLIFT work, and use your personal accounts for everything else.',
      'Keep your password to yourself, make it strong, and turn on 2-Step Verification when asked.',
      'Some teams share a login, like a team social media account. Shared passwords are only for the people ' +
        'allowed to use them. Never post, forward or screenshot them.',
      'Lock your screen when you step away, and use your INSPIRED 2 UPLIFT Chrome profile for volunteer work.',
      'Tell us straight away if you lose a device you use for volunteering, or if you think someone else got ' +
        'into your account.',
      'Organisation accounts and files belong to INSPIRED 2 UPLIFT. We may look at them when we need to, for ' +
        'example to keep someone safe or after you leave. If we lend you a device, please take care of it and ' +
        'give it back when you stop volunteering.',
    ],
  },

  { kind: 'heading', text: '8. Ending your volunteering' },
  {
    kind: 'bullets',
    items: [
      'You can stop volunteering at any time. Please tell your team lead, ideally two weeks before, so we ' +
        'can hand over your work.',
      'We may end your volunteering if this agreement is broken, especially about safety or privacy. Where we ' +
        'can, we will talk with you first and listen to your side.',
      'When you leave, we will ask you to hand over your files and tasks, leave shared passwords behind and give ' +
        'back anything we lent you. We then close your organisation accounts.',
      'Once part of INSPIRED 2 UPLIFT, always part of our community. Thank you for everything you do!',
    ],
  },

  { kind: 'heading', text: '9. Signatures' },
  {
    kind: 'paragraph',
    text:
      'By signing, I confirm that I have read this agreement, that I could ask about anything unclear, and that I ' +
      'agree to follow it. If you sign in the Onboarding app, pressing Sign counts as your signature.',
  },
  {
    kind: 'signatures',
    groups: [
      { title: 'Volunteer', fields: ['Full name', 'Signature', 'Date'] },
      {
        title: 'Parent or guardian (only if we ask you, for volunteers under 18)',
        fields: ['Full name', 'Signature', 'Date'],
      },
      { title: 'For INSPIRED 2 UPLIFT', fields: ['Name and role', 'Signature', 'Date'] },
    ],
  },
];

// Layout (US Letter, points).
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 60;
const MARGIN_TOP = 54;
const MARGIN_BOTTOM = 64;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const BODY_SIZE = 10.5;
const BODY_LEADING = 14.5;
const HEADING_SIZE = 13;
const BULLET_INDENT = 16;

const INK = rgb(0x1f / 255, 0x29 / 255, 0x37 / 255);
const MUTED = rgb(0x4b / 255, 0x55 / 255, 0x63 / 255);
const BRAND = rgb(0x5b / 255, 0x21 / 255, 0xb6 / 255);
const TINT = rgb(0xf5 / 255, 0xf3 / 255, 0xff / 255);
const WHITE = rgb(1, 1, 1);

/** Splits `text` into lines no wider than `width` at `size` (breaks between words only). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Draws the logo (rounded square with a rising figure, as content/assets/logo.svg) with its top-left at x, y. */
function drawLogo(page: PDFPage, x: number, y: number, size: number): void {
  const scale = size / 128;
  page.drawSvgPath('M28 0H100A28 28 0 0 1 128 28V100A28 28 0 0 1 100 128H28A28 28 0 0 1 0 100V28A28 28 0 0 1 28 0Z', {
    x,
    y,
    scale,
    color: BRAND,
  });
  page.drawSvgPath('M51 31A13 13 0 1 0 77 31A13 13 0 1 0 51 31Z', { x, y, scale, color: WHITE });
  page.drawSvgPath('M30 82L64 52M98 82L64 52M64 58V102', {
    x,
    y,
    scale,
    borderColor: WHITE,
    borderWidth: 15,
    borderLineCap: LineCapStyle.Round,
  });
}

async function main(): Promise<void> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  doc.setTitle('INSPIRED 2 UPLIFT Volunteer Agreement', { showInWindowTitleBar: true });
  doc.setAuthor('INSPIRED 2 UPLIFT');
  doc.setSubject(`Volunteer Agreement, version ${VERSION}`);
  doc.setKeywords(['INSPIRED 2 UPLIFT', 'volunteer agreement', 'onboarding']);
  doc.setCreator('scripts/make-volunteer-agreement.ts');
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  doc.setCreationDate(ISSUED);
  doc.setModificationDate(ISSUED);

  let page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN_TOP;

  const newPage = () => {
    page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN_TOP;
  };
  /** Starts a new page unless `height` points still fit above the bottom margin. */
  const ensure = (height: number) => {
    if (y - height < MARGIN_BOTTOM) newPage();
  };
  const text = (s: string, x: number, size: number, font: PDFFont, color: Color) => {
    page.drawText(s, { x, y: y - size, size, font, color });
  };

  // Title block.
  drawLogo(page, MARGIN_X, y, 52);
  text('INSPIRED 2 UPLIFT', MARGIN_X + 66, 11, bold, BRAND);
  y -= 17;
  text('Volunteer Agreement', MARGIN_X + 66, 24, bold, INK);
  y -= 30;
  text(`Version ${VERSION} \u00b7 ${ISSUED_TEXT}`, MARGIN_X + 66, 10, regular, MUTED);
  y -= 34;

  // Summary box.
  const summary = wrap(
    'In short: we support you, you treat everyone with respect, you keep private things private, you help keep ' +
      'young people safe, and you ask for what you need. You can stop at any time.',
    regular,
    BODY_SIZE,
    CONTENT_WIDTH - 28,
  );
  const boxHeight = summary.length * BODY_LEADING + 20;
  page.drawRectangle({ x: MARGIN_X, y: y - boxHeight, width: CONTENT_WIDTH, height: boxHeight, color: TINT });
  page.drawRectangle({ x: MARGIN_X, y: y - boxHeight, width: 4, height: boxHeight, color: BRAND });
  y -= 10;
  for (const line of summary) {
    text(line, MARGIN_X + 16, BODY_SIZE, regular, INK);
    y -= BODY_LEADING;
  }
  y -= 22;

  for (const block of AGREEMENT) {
    switch (block.kind) {
      case 'heading': {
        // Keep a heading together with at least three lines of what follows.
        ensure(HEADING_SIZE + 10 + 3 * BODY_LEADING);
        y -= 6;
        text(block.text, MARGIN_X, HEADING_SIZE, bold, BRAND);
        y -= HEADING_SIZE + 10;
        break;
      }
      case 'paragraph': {
        const font = block.bold === true ? bold : regular;
        for (const line of wrap(block.text, font, BODY_SIZE, CONTENT_WIDTH)) {
          ensure(BODY_LEADING);
          text(line, MARGIN_X, BODY_SIZE, font, INK);
          y -= BODY_LEADING;
        }
        y -= 6;
        break;
      }
      case 'bullets': {
        for (const item of block.items) {
          const lines = wrap(item, regular, BODY_SIZE, CONTENT_WIDTH - BULLET_INDENT);
          ensure(Math.min(lines.length, 2) * BODY_LEADING);
          lines.forEach((line, i) => {
            ensure(BODY_LEADING);
            if (i === 0) page.drawCircle({ x: MARGIN_X + 4, y: y - BODY_SIZE * 0.7, size: 2.2, color: BRAND });
            text(line, MARGIN_X + BULLET_INDENT, BODY_SIZE, regular, INK);
            y -= BODY_LEADING;
          });
          y -= 3;
        }
        y -= 6;
        break;
      }
      case 'signatures': {
        const gap = 16;
        const widths = [CONTENT_WIDTH * 0.42, CONTENT_WIDTH * 0.36];
        widths.push(CONTENT_WIDTH - (widths[0] ?? 0) - (widths[1] ?? 0) - 2 * gap);
        for (const group of block.groups) {
          ensure(78);
          y -= 6;
          text(group.title, MARGIN_X, BODY_SIZE, bold, INK);
          y -= 40;
          let x = MARGIN_X;
          group.fields.forEach((field, i) => {
            const width = widths[i] ?? 0;
            page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.8, color: MUTED });
            page.drawText(field, { x, y: y - 12, size: 9, font: regular, color: MUTED });
            x += width + gap;
          });
          y -= 30;
        }
        break;
      }
    }
  }

  // Footer with page numbers, once the page count is known.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footerY = 38;
    p.drawLine({
      start: { x: MARGIN_X, y: footerY + 14 },
      end: { x: PAGE_WIDTH - MARGIN_X, y: footerY + 14 },
      thickness: 0.5,
      color: rgb(0.82, 0.84, 0.86),
    });
    p.drawText(`INSPIRED 2 UPLIFT Volunteer Agreement \u00b7 Version ${VERSION}`, {
      x: MARGIN_X,
      y: footerY,
      size: 8.5,
      font: regular,
      color: MUTED,
    });
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, {
      x: PAGE_WIDTH - MARGIN_X - regular.widthOfTextAtSize(label, 8.5),
      y: footerY,
      size: 8.5,
      font: regular,
      color: MUTED,
    });
  });

  const bytes = await doc.save({ useObjectStreams: false });
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, bytes);
  console.log(`Wrote ${OUTPUT} (${pages.length} pages, ${bytes.length} bytes)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
