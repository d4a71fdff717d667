import { describe, expect, it } from 'vitest';
import {
  acknowledgmentItemSchema,
  appointmentSchema,
  checklistItemSchema,
  choiceOptionSchema,
  contactSchema,
  easyReadSentenceSchema,
  FORM_FIELD_KINDS,
  formFieldSchema,
  formSchema,
  helpfulLinkSchema,
  mediaItemSchema,
  quizAnswerSchema,
  quizQuestionSchema,
  quizSchema,
  roleColorsSchema,
  roleConfigurationSchema,
  scopeSchema,
  SECRET_NAMES,
  stepContentSchema,
  stepSchema,
  teamTaskSchema,
} from '@shared/content-schema';
import { firstDaySchema, preboardingMailSchema } from '@shared/content-preboarding';
import { changeSentences } from './change-sentences';

/**
 * The publish dialog says every change the content schema allows in a sentence (docs/product.md#editing-in-the-browser):
 * the kinds of change are enumerated from the schema's own objects, so a setting added to the schema without words in
 * the sentence builder fails here. A sentence never shows an id, a kind name, a setting's key or a bare yes/no.
 */

type Raw = Record<string, unknown>;
/** One change: the role's raw content before and after, as an editor could make it in the studio. */
type Variant = readonly [before: Raw, after: Raw];

const answer = (id: string, text: string, correct: boolean) => ({ id, text, correct, explanation: `Because ${text}.` });
const baseQuestion = {
  id: 'quiz-q1',
  kind: 'single-choice',
  text: 'Who do you tell first?',
  answers: [answer('ans-f6', 'The safeguarding lead', true), answer('ans-f7', 'Nobody', false)],
};
const baseQuiz = { passMark: 80, tries: 'unlimited', questions: [baseQuestion] };
const baseField = { id: 'field-c3', kind: 'short-text', label: 'Which pronouns should we use for you?' };
const choiceField = {
  id: 'field-c4',
  kind: 'single-choice',
  label: 'Your T-shirt size',
  options: [
    { id: 'opt-d4', label: 'Small' },
    { id: 'opt-d5', label: 'Large' },
  ],
};
const contact = { name: 'Sam Lee', email: 'sam@example.org', position: 'Volunteer lead' };
const media = { type: 'image', src: '/content/team.jpg', alt: 'Our team at the park' };
const baseStep = {
  id: 'step-b2',
  title: 'Tell us about you',
  description: 'A few questions.',
  icon: 'User',
  category: 'Volunteer',
};
const baseTask = {
  id: 'task-e5',
  title: 'Book a welcome call',
  description: 'Call them.',
  who: 'lead',
  dueAfterDays: 5,
};
const baseRole = {
  key: 'volkey',
  displayName: 'Volunteer',
  version: '1.0',
  icon: 'HeartHandshake',
  colors: { baseColor: '#15803d' },
  scopes: [{ id: 'scope-a1', title: 'Getting started', steps: [baseStep] }],
  teamTasks: [baseTask],
};
const otherRole = roleConfigurationSchema.parse({
  key: 'finkey',
  displayName: 'Finance',
  version: '1.0',
  icon: 'DollarSign',
  colors: { baseColor: '#1d4ed8' },
  scopes: [{ id: 'scope-h8', title: 'Finance basics', steps: [] }],
});
const fileNames = new Map([
  ['/content/team.jpg', 'Team picture'],
  ['/content/team-2.jpg', 'Second team picture'],
  ['/content/agreement.pdf', 'Volunteer agreement'],
  ['/content/agreement-2.pdf', 'Volunteer agreement, second edition'],
  ['/content/sam.jpg', 'Photo of Sam'],
]);

const baseMail = {
  id: 'mail-m1',
  daysBefore: 3,
  subject: 'Fill in your support form',
  paragraphs: ['Tell us what helps you.'],
};
const withRole = (role: Raw): Raw => ({ ...baseRole, ...role });
const withFirstDay = (firstDay: Raw): Raw => withRole({ firstDay });
const withMail = (mail: Raw): Raw => withRole({ preboardingMails: [{ ...baseMail, ...mail }] });
const withStep = (step: Raw): Raw =>
  withRole({ scopes: [{ id: 'scope-a1', title: 'Getting started', steps: [{ ...baseStep, ...step }] }] });
const withScope = (scope: Raw): Raw =>
  withRole({ scopes: [{ id: 'scope-a1', title: 'Getting started', steps: [baseStep], ...scope }] });
const withTask = (task: Raw): Raw => withRole({ teamTasks: [{ ...baseTask, ...task }] });
const withContent = (content: Raw, step: Raw = {}): Raw => withStep({ ...step, content });
const withForm = (form: Raw): Raw => withStep({ form: { fields: [baseField], ...form } });
const withField = (field: Raw): Raw => withForm({ fields: [{ ...baseField, ...field }] });
const withChoice = (field: Raw): Raw => withForm({ fields: [{ ...choiceField, ...field }] });
const withQuiz = (quiz: Raw): Raw => withStep({ quiz: { ...baseQuiz, ...quiz } });
const withQuestion = (question: Raw): Raw => withQuiz({ questions: [{ ...baseQuestion, ...question }] });
const withAnswer = (a: Raw): Raw =>
  withQuestion({ answers: [{ ...answer('ans-f6', 'The safeguarding lead', true), ...a }, baseQuestion.answers[1]] });
const pair = (make: (x: Raw) => Raw, a: Raw, b: Raw): Variant => [make(a), make(b)];
const both = (make: (x: Raw) => Raw, a: Raw, b: Raw): Variant[] => [pair(make, a, b), pair(make, b, a)];

const pdf = { pdfUrl: '/content/agreement.pdf' };
const checklist = [{ id: 'item-g7', text: 'Join the team chat' }];
const acknowledgments = [{ id: 'item-g8', content: 'I will keep what I hear private.' }];

/** A question of every kind the schema has, valid as the studio makes it. */
const questionOfKind = (kind: (typeof FORM_FIELD_KINDS)[number]): Raw => ({
  id: `field-k${FORM_FIELD_KINDS.indexOf(kind)}`,
  kind,
  label: `A question answered as ${FORM_FIELD_KINDS.indexOf(kind)}`,
  ...(kind === 'single-choice' || kind === 'multiple-choice' ? { options: choiceField.options } : {}),
});

/** Every key of each content object, with the changes an editor can make to it. */
const VARIANTS: Record<string, { keys: readonly string[]; variants: Record<string, Variant[]> }> = {
  role: {
    keys: Object.keys(roleConfigurationSchema.shape),
    variants: {
      key: [pair(withRole, {}, { key: 'volnewkey', renamedFrom: 'volkey' })],
      renamedFrom: [pair(withRole, {}, { key: 'volnewkey', renamedFrom: 'volkey' })],
      displayName: [pair(withRole, {}, { displayName: 'Volunteers' })],
      version: [pair(withRole, {}, { version: '1.1' })],
      isDepartment: both(withRole, {}, { isDepartment: true }),
      offered: both(withRole, {}, { offered: false }),
      parentDepartment: both(withRole, {}, { parentDepartment: 'finkey' }),
      icon: [pair(withRole, {}, { icon: 'Heart' })],
      colors: [pair(withRole, {}, { colors: { baseColor: '#15803e' } })],
      inherits: both(withRole, {}, { inherits: ['finkey'] }),
      aliases: both(withRole, {}, { aliases: ['Helper'] }),
      scopes: [
        ...both(withRole, {}, { scopes: [...baseRole.scopes, { id: 'scope-a2', title: 'Your first week' }] }),
        pair(
          withRole,
          { scopes: [...baseRole.scopes, { id: 'scope-a2', title: 'Your first week' }] },
          { scopes: [{ id: 'scope-a2', title: 'Your first week' }, ...baseRole.scopes] },
        ),
      ],
      firstDay: both(withRole, {}, { firstDay: { time: '17:30', place: 'The community hall' } }),
      preboardingMails: [
        ...both(withRole, {}, { preboardingMails: [baseMail] }),
        pair(
          withRole,
          { preboardingMails: [baseMail, { ...baseMail, id: 'mail-m2', subject: 'See you on Monday' }] },
          { preboardingMails: [{ ...baseMail, id: 'mail-m2', subject: 'See you on Monday' }, baseMail] },
        ),
      ],
      teamTasks: [
        ...both(withRole, {}, { teamTasks: [] }),
        pair(
          withRole,
          { teamTasks: [baseTask, { ...baseTask, id: 'task-e6', title: 'Say hello' }] },
          { teamTasks: [{ ...baseTask, id: 'task-e6', title: 'Say hello' }, baseTask] },
        ),
      ],
    },
  },
  firstDay: {
    keys: Object.keys(firstDaySchema.shape),
    variants: {
      time: [...both(withFirstDay, {}, { time: '17:30' }), pair(withFirstDay, { time: '17:30' }, { time: '18:00' })],
      place: both(withFirstDay, {}, { place: 'The community hall' }),
      callLink: both(withFirstDay, {}, { callLink: 'https://meet.example.org/welcome' }),
      details: both(withFirstDay, {}, { details: ['Bring a water bottle.'] }),
    },
  },
  preboardingMail: {
    keys: Object.keys(preboardingMailSchema.shape),
    variants: {
      id: [pair(withMail, {}, { id: 'mail-m9' })],
      daysBefore: [pair(withMail, {}, { daysBefore: 2 }), pair(withMail, {}, { daysBefore: 0 })],
      subject: [pair(withMail, {}, { subject: 'Your support form' })],
      paragraphs: [pair(withMail, {}, { paragraphs: ['Tell us what helps you most.'] })],
      unlessDone: both(withMail, {}, { unlessDone: 'step-b2' }),
    },
  },
  colors: {
    keys: Object.keys(roleColorsSchema.shape),
    variants: {
      baseColor: [pair(withRole, {}, { colors: { baseColor: '#000000' } })],
      secondaryColor: both(withRole, {}, { colors: { baseColor: '#15803d', secondaryColor: '#ffffff' } }),
      gradientStartColor: both(withRole, {}, { colors: { baseColor: '#15803d', gradientStartColor: '#ffffff' } }),
    },
  },
  scope: {
    keys: Object.keys(scopeSchema.shape),
    variants: {
      id: both(withRole, {}, { scopes: [{ id: 'scope-a3', title: 'Getting started', steps: [baseStep] }] }),
      title: [pair(withScope, {}, { title: 'Your first day' })],
      description: both(withScope, {}, { description: 'What to do first.' }),
      include: [
        ...both(withScope, {}, { include: ['finkey'] }),
        ...both(withScope, {}, { include: ['finkey/scope-h8'] }),
      ],
      steps: [
        ...both(withScope, {}, { steps: [baseStep, { ...baseStep, id: 'step-b3', title: 'Meet the team' }] }),
        pair(
          withScope,
          { steps: [baseStep, { ...baseStep, id: 'step-b3', title: 'Meet the team' }] },
          { steps: [{ ...baseStep, id: 'step-b3', title: 'Meet the team' }, baseStep] },
        ),
      ],
    },
  },
  step: {
    keys: Object.keys(stepSchema.shape),
    variants: {
      id: [pair(withStep, {}, { id: 'step-z9', renamedFrom: 'step-b2' })],
      renamedFrom: [pair(withStep, {}, { id: 'step-z9', renamedFrom: 'step-b2' })],
      title: [pair(withStep, {}, { title: 'Tell us about yourself' })],
      description: [pair(withStep, {}, { description: 'Some questions.' })],
      icon: [pair(withStep, {}, { icon: 'Mail' })],
      iconColor: both(withStep, {}, { iconColor: '#ff0000' }),
      category: [pair(withStep, {}, { category: 'Finance' })],
      completeButtonText: both(withStep, {}, { completeButtonText: 'Done' }),
      mobileCompleteButtonText: both(withStep, {}, { mobileCompleteButtonText: 'OK' }),
      footnote: both(withStep, {}, { footnote: 'Ask your lead if unsure.' }),
      beforeFirstDay: both(withStep, {}, { beforeFirstDay: true }),
      requiresScrollOrDownload: both(withStep, pdf, { ...pdf, requiresScrollOrDownload: true }),
      pdfUrl: [...both(withStep, {}, pdf), pair(withStep, pdf, { pdfUrl: '/content/agreement-2.pdf' })],
      pdfDraft: both(withStep, pdf, { ...pdf, pdfDraft: true }),
      isContactStep: [
        [withContent({ contacts: [contact] }), withContent({ contacts: [contact] }, { isContactStep: true })],
      ],
      isChecklistStep: [[withContent({ checklist }), withContent({ checklist }, { isChecklistStep: true })]],
      isAcknowledgmentStep: [
        [withContent({ acknowledgments }), withContent({ acknowledgments }, { isAcknowledgmentStep: true })],
      ],
      envVariable: [
        ...both(withStep, {}, { envVariable: { name: 'CHAPTERS_PASS', requiredRole: ['finkey', '*'] } }),
        pair(
          withStep,
          { envVariable: { name: 'CHAPTERS_PASS', requiredRole: ['finkey'] } },
          { envVariable: { name: 'HR_PASS', requiredRole: ['finkey'] } },
        ),
      ],
      image: both(withStep, {}, { image: { src: '/content/team.jpg', alt: 'Our team' } }),
      signature: both(withStep, {}, { signature: true }),
      version: [...both(withStep, {}, { version: 2 }), pair(withStep, { version: 2 }, { version: 3 })],
      versionDate: [
        ...both(withStep, {}, { versionDate: '2026-11-01' }),
        pair(withStep, { versionDate: '2026-11-01' }, { versionDate: '2026-12-01' }),
      ],
      versionNote: both(withStep, {}, { versionNote: 'The meeting times changed.' }),
      renewEveryDays: [
        ...both(withStep, {}, { renewEveryDays: 365 }),
        pair(withStep, { renewEveryDays: 365 }, { renewEveryDays: 180 }),
      ],
      dueAfterDays: [
        ...both(withStep, {}, { dueAfterDays: 0 }),
        pair(withStep, { dueAfterDays: 5 }, { dueAfterDays: 10 }),
        pair(withStep, { dueAfterDays: 1 }, { dueAfterDays: 7 }),
      ],
      form: both(withStep, {}, { form: { fields: [baseField] } }),
      quiz: both(withStep, {}, { quiz: baseQuiz }),
      media: both(withStep, {}, { media: [media] }),
      easyRead: [
        ...both(withStep, {}, { easyRead: [{ text: 'Tell us your name.' }] }),
        pair(withStep, { easyRead: [{ text: 'Tell us your name.' }] }, { easyRead: [{ text: 'Say your name.' }] }),
      ],
      content: [pair(withContent, { details: ['First line.'] }, { details: ['Second line.'] })],
    },
  },
  content: {
    keys: Object.keys(stepContentSchema.shape),
    variants: {
      details: both(withContent, {}, { details: ['Bring a drink.'] }),
      tasks: both(withContent, {}, { tasks: ['Read the handbook.'] }),
      helpfulLinks: both(withContent, {}, { helpfulLinks: [{ text: 'Handbook', url: 'https://example.org/h' }] }),
      contacts: both(withContent, {}, { contacts: [contact] }),
      checklistHeader: both(withContent, {}, { checklistHeader: 'Before you start' }),
      checklist: both(withContent, {}, { checklist }),
      acknowledgmentHeader: both(withContent, {}, { acknowledgmentHeader: 'Please read' }),
      acknowledgments: both(withContent, {}, { acknowledgments }),
    },
  },
  helpfulLink: {
    keys: Object.keys(helpfulLinkSchema.shape),
    variants: {
      text: [
        pair(
          withContent,
          { helpfulLinks: [{ text: 'Handbook', url: 'https://example.org/h' }] },
          { helpfulLinks: [{ text: 'The handbook', url: 'https://example.org/h' }] },
        ),
      ],
      url: [
        pair(
          withContent,
          { helpfulLinks: [{ text: 'Handbook', url: 'https://example.org/h' }] },
          { helpfulLinks: [{ text: 'Handbook', url: 'https://example.org/h2' }] },
        ),
      ],
    },
  },
  contact: {
    keys: Object.keys(contactSchema.shape),
    variants: Object.fromEntries(
      (
        [
          ['name', 'Sam Green'],
          ['email', 'sam.green@example.org'],
          ['position', 'Coordinator'],
          ['picture', '/content/sam.jpg'],
          ['bio', 'Sam has volunteered for three years.'],
        ] as const
      ).map(([key, value]) => [
        key,
        both(withContent, { contacts: [contact] }, { contacts: [{ ...contact, [key]: value }] }),
      ]),
    ),
  },
  checklistItem: {
    keys: Object.keys(checklistItemSchema.shape),
    variants: {
      id: [
        pair(
          withContent,
          { checklist },
          { checklist: [{ id: 'item-z7', text: 'Join the team chat', renamedFrom: 'item-g7' }] },
        ),
      ],
      renamedFrom: [
        pair(
          withContent,
          { checklist },
          { checklist: [{ id: 'item-z7', text: 'Join the team chat', renamedFrom: 'item-g7' }] },
        ),
      ],
      text: [pair(withContent, { checklist }, { checklist: [{ id: 'item-g7', text: 'Join the chat' }] })],
      icon: both(
        withContent,
        { checklist },
        { checklist: [{ id: 'item-g7', text: 'Join the team chat', icon: 'Slack' }] },
      ),
    },
  },
  acknowledgmentItem: {
    keys: Object.keys(acknowledgmentItemSchema.shape),
    variants: {
      id: [
        pair(
          withContent,
          { acknowledgments },
          { acknowledgments: [{ ...acknowledgments[0], id: 'item-z8', renamedFrom: 'item-g8' }] },
        ),
      ],
      renamedFrom: [
        pair(
          withContent,
          { acknowledgments },
          { acknowledgments: [{ ...acknowledgments[0], id: 'item-z8', renamedFrom: 'item-g8' }] },
        ),
      ],
      content: [
        pair(withContent, { acknowledgments }, { acknowledgments: [{ id: 'item-g8', content: 'I keep it private.' }] }),
      ],
      icon: both(withContent, { acknowledgments }, { acknowledgments: [{ ...acknowledgments[0], icon: 'Lock' }] }),
    },
  },
  media: {
    keys: Object.keys(mediaItemSchema.shape),
    variants: Object.fromEntries(
      (
        [
          ['type', 'video'],
          ['src', '/content/team-2.jpg'],
          ['alt', 'The team'],
          ['title', 'Our team'],
          ['text', 'We meet on Saturdays.'],
          ['aspectRatio', '4/3'],
          ['size', 'small'],
        ] as const
      ).map(([key, value]) => [key, both(withStep, { media: [media] }, { media: [{ ...media, [key]: value }] })]),
    ),
  },
  easyRead: {
    keys: Object.keys(easyReadSentenceSchema.shape),
    variants: {
      text: [pair(withStep, { easyRead: [{ text: 'Say hello.' }] }, { easyRead: [{ text: 'Say hi.' }] })],
      picture: both(
        withStep,
        { easyRead: [{ text: 'Say hello.' }] },
        { easyRead: [{ text: 'Say hello.', picture: { src: '/content/team.jpg', alt: 'A wave' } }] },
      ),
    },
  },
  form: {
    keys: Object.keys(formSchema.shape),
    variants: {
      fields: [
        ...FORM_FIELD_KINDS.flatMap((kind) => both(withForm, {}, { fields: [baseField, questionOfKind(kind)] })),
        pair(withForm, { fields: [baseField, choiceField] }, { fields: [choiceField, baseField] }),
      ],
      allowChanges: both(withForm, {}, { allowChanges: true }),
    },
  },
  formField: {
    keys: Object.keys(formFieldSchema.shape),
    variants: {
      id: [pair(withField, {}, { id: 'field-z3', renamedFrom: 'field-c3' })],
      renamedFrom: [pair(withField, {}, { id: 'field-z3', renamedFrom: 'field-c3' })],
      kind: [
        ...FORM_FIELD_KINDS.filter((k) => !['short-text', 'single-choice', 'multiple-choice'].includes(k)).map((kind) =>
          pair(withField, {}, { kind }),
        ),
        pair(withChoice, {}, { kind: 'multiple-choice' }),
      ],
      label: [pair(withField, {}, { label: 'What should we call you?' })],
      help: [
        ...both(withField, {}, { help: 'Leave this empty if you prefer.' }),
        pair(withField, { help: 'Optional.' }, { help: 'You may skip it.' }),
      ],
      required: both(withField, {}, { required: true }),
      sensitive: both(withField, {}, { sensitive: true }),
      options: [
        ...both(withChoice, {}, { options: [...choiceField.options, { id: 'opt-d6', label: 'Medium' }] }),
        pair(withChoice, {}, { options: [...choiceField.options].reverse() }),
      ],
      maxLength: [...both(withField, {}, { maxLength: 50 }), pair(withField, { maxLength: 50 }, { maxLength: 100 })],
      min: both(withField, { kind: 'number' }, { kind: 'number', min: 0 }),
      max: both(withField, { kind: 'number' }, { kind: 'number', max: 99 }),
      accept: both(withField, { kind: 'file' }, { kind: 'file', accept: ['pdf'] }),
      maxBytes: both(withField, { kind: 'file' }, { kind: 'file', maxBytes: 2 * 1024 * 1024 }),
    },
  },
  choiceOption: {
    keys: Object.keys(choiceOptionSchema.shape),
    variants: {
      id: [pair(withChoice, {}, { options: [choiceField.options[0], { id: 'opt-z5', label: 'Large' }] })],
      label: [pair(withChoice, {}, { options: [choiceField.options[0], { id: 'opt-d5', label: 'Big' }] })],
    },
  },
  quiz: {
    keys: Object.keys(quizSchema.shape),
    variants: {
      passMark: [pair(withQuiz, {}, { passMark: 70 })],
      tries: [...both(withQuiz, {}, { tries: 3 }), pair(withQuiz, { tries: 1 }, { tries: 2 })],
      questions: [
        ...both(
          withQuiz,
          {},
          { questions: [baseQuestion, { ...baseQuestion, id: 'quiz-q2', text: 'Where is help?' }] },
        ),
        pair(
          withQuiz,
          { questions: [baseQuestion, { ...baseQuestion, id: 'quiz-q2', text: 'Where is help?' }] },
          { questions: [{ ...baseQuestion, id: 'quiz-q2', text: 'Where is help?' }, baseQuestion] },
        ),
      ],
    },
  },
  quizQuestion: {
    keys: Object.keys(quizQuestionSchema.shape),
    variants: {
      id: [pair(withQuestion, {}, { id: 'quiz-z1', renamedFrom: 'quiz-q1' })],
      renamedFrom: [pair(withQuestion, {}, { id: 'quiz-z1', renamedFrom: 'quiz-q1' })],
      kind: both(withQuestion, {}, { kind: 'multiple-choice' }),
      text: [pair(withQuestion, {}, { text: 'Who do you tell?' })],
      answers: [
        ...both(withQuestion, {}, { answers: [...baseQuestion.answers, answer('ans-f8', 'A friend', false)] }),
        pair(withQuestion, {}, { answers: [...baseQuestion.answers].reverse() }),
      ],
    },
  },
  quizAnswer: {
    keys: Object.keys(quizAnswerSchema.shape),
    variants: {
      id: [pair(withAnswer, {}, { id: 'ans-z6' })],
      text: [pair(withAnswer, {}, { text: 'The lead' })],
      correct: both(
        (x) =>
          withQuestion({
            kind: 'multiple-choice',
            answers: [baseQuestion.answers[0], { ...baseQuestion.answers[1], ...x }],
          }),
        {},
        { correct: true },
      ),
      explanation: [pair(withAnswer, {}, { explanation: 'They keep you safe.' })],
    },
  },
  teamTask: {
    keys: Object.keys(teamTaskSchema.shape),
    variants: {
      id: [pair(withTask, {}, { id: 'task-z5', renamedFrom: 'task-e5' })],
      renamedFrom: [pair(withTask, {}, { id: 'task-z5', renamedFrom: 'task-e5' })],
      title: [pair(withTask, {}, { title: 'Book a call' })],
      description: [pair(withTask, {}, { description: 'Phone them.' })],
      who: [
        pair(withTask, {}, { who: 'buddy' }),
        pair(withTask, {}, { who: 'admins' }),
        pair(withTask, {}, { who: { members: ['sam@example.org'] } }),
      ],
      dueAfterDays: [
        pair(withTask, {}, { dueAfterDays: -2 }),
        pair(withTask, {}, { dueAfterDays: 0 }),
        pair(withTask, {}, { dueAfterDays: 1 }),
      ],
      appointment: [
        ...both(withTask, {}, { appointment: true }),
        pair(withTask, { appointment: true }, { appointment: { time: '10:00', durationMinutes: 30 } }),
        pair(withTask, { appointment: true }, { appointment: false }),
      ],
    },
  },
  appointment: {
    keys: Object.keys(appointmentSchema.shape),
    variants: {
      time: [
        pair(
          withTask,
          { appointment: { time: '10:00', durationMinutes: 30 } },
          { appointment: { time: '14:30', durationMinutes: 30 } },
        ),
      ],
      durationMinutes: [
        pair(
          withTask,
          { appointment: { time: '10:00', durationMinutes: 30 } },
          { appointment: { time: '10:00', durationMinutes: 45 } },
        ),
      ],
    },
  },
};

/** Every id, key and rename mark in a content object. */
function idsOf(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => idsOf(v, into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'id' || k === 'key' || k === 'renamedFrom') && typeof v === 'string') into.add(v);
      else if (k === 'include' && Array.isArray(v)) v.forEach((x: string) => x.split('/').forEach((p) => into.add(p)));
      else idsOf(v, into);
    }
  }
  return into;
}

/** Setting keys as written in the content (`dueAfterDays`, `isChecklistStep`): never in a sentence. */
const SETTING_KEYS = [
  ...new Set(Object.values(VARIANTS).flatMap(({ keys }) => keys.filter((k) => /[a-z][A-Z]/u.test(k)))),
];
const KIND_NAMES = [...FORM_FIELD_KINDS.filter((k) => k.includes('-')), 'single-choice', 'multiple-choice'];

/** What is wrong with a sentence's visible words, or null. */
function problem(text: string, ids: ReadonlySet<string>): string | null {
  for (const id of ids) if (new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`, 'u').test(text)) return `the id or key “${id}”`;
  for (const key of SETTING_KEYS) if (text.includes(key)) return `the setting key “${key}”`;
  for (const kind of KIND_NAMES) if (text.includes(kind)) return `the kind name “${kind}”`;
  for (const name of SECRET_NAMES) if (text.includes(name)) return `the variable name “${name}”`;
  if (/\bids?\b/iu.test(text)) return 'the word “id”';
  if (/(?:^|[(,:;[→]\s*)(?:yes|no|true|false)\s*(?:[,.;)\]→]|$)/iu.test(text)) return 'a bare yes/no';
  if (/\b(?:undefined|null|NaN)\b|\[object|[{}"]/u.test(text)) return 'raw data';
  return null;
}

describe('the publish dialog says every change the content schema allows in a sentence', () => {
  it('has changes for every key of every content object, so a new setting cannot slip past', () => {
    for (const [name, { keys, variants }] of Object.entries(VARIANTS)) {
      expect({ name, keys: [...keys].sort() }).toEqual({ name, keys: Object.keys(variants).sort() });
      for (const key of keys) expect(variants[key]?.length ?? 0, `${name}.${key}`).toBeGreaterThan(0);
    }
  });

  const cases = Object.entries(VARIANTS).flatMap(([name, { variants }]) =>
    Object.entries(variants).flatMap(([key, list]) =>
      list.map((variant, i) => ({ label: `${name}.${key} #${i + 1}`, variant })),
    ),
  );

  it.each(cases)(
    '$label: said in sentences with no id, kind name, setting key or bare yes/no',
    ({ label, variant }) => {
      const [rawBefore, rawAfter] = variant;
      const before = [roleConfigurationSchema.parse(rawBefore), otherRole];
      const after = [roleConfigurationSchema.parse(rawAfter), otherRole];
      expect(JSON.stringify(before), `${label} changes nothing`).not.toEqual(JSON.stringify(after));
      const sentences = changeSentences(before, after, fileNames);
      expect(sentences.length, label).toBeGreaterThan(0);
      const ids = idsOf([before, after], new Set());
      for (const sentence of sentences) {
        const visible = [sentence.text, (sentence.words ?? []).map((w) => w.value).join('')];
        for (const text of visible) expect(problem(text, ids), `${label}: ${text}`).toBeNull();
        // A changed text shows at least one word removed or added.
        if (sentence.words)
          expect(
            sentence.words.some((w) => w.added || w.removed),
            `${label}: ${sentence.text}`,
          ).toBe(true);
      }
    },
  );

  it('says an added question and a due-date change the way a coordinator reads them', () => {
    const [a, b] = pair(
      withForm,
      {},
      { fields: [baseField, { ...questionOfKind('short-text'), label: 'Your pronouns' }] },
    );
    const added = changeSentences([roleConfigurationSchema.parse(a)], [roleConfigurationSchema.parse(b)]);
    expect(added.map((s) => s.text)).toEqual([
      'Added the question ‘Your pronouns’ (short answer, optional) to ‘Tell us about you’ (Volunteer).',
    ]);
    const [c, d] = pair(withStep, { dueAfterDays: 5 }, { dueAfterDays: 10 });
    expect(changeSentences([roleConfigurationSchema.parse(c)], [roleConfigurationSchema.parse(d)])[0]?.text).toBe(
      'Changed the due date of ‘Tell us about you’ (Volunteer): 5 days after the start date → 10 days after the start date.',
    );
  });
});
