import { formSchema, stepContentSchema, stepSchema, type Step } from '@shared/content-schema';
import { safeguardingQuiz } from '@shared/test-quiz';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderElement } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fieldDomId } from './fields';
import { StepForm } from './step-form';

/**
 * The studio's step form has every field of the step schema (docs/product.md#editing-in-the-browser): a key added to
 * `stepSchema` without a form field fails here, so nothing can again be settable only in the YAML (as `dueAfterDays`
 * was).
 */

/**
 * Keys of the step schema that deliberately have no field in the step form, each with the reason. Only fields that
 * are admin-only or edited elsewhere belong here.
 */
const NOT_IN_THE_FORM: Readonly<Record<string, string>> = {};

/** A step with every optional field present and one item in every list, so that every field is on screen. */
function everyField(): Step {
  return {
    id: 'sign-the-agreement',
    renamedFrom: 'sign-agreement',
    title: 'Sign the agreement',
    description: 'Read and sign it.',
    icon: 'Pen',
    iconColor: '#1d4ed8',
    category: 'Volunteer',
    completeButtonText: 'Sign',
    mobileCompleteButtonText: 'OK',
    footnote: 'Thank you.',
    requiresScrollOrDownload: true,
    pdfUrl: '/content/agreement.pdf',
    pdfDraft: true,
    isContactStep: true,
    isChecklistStep: true,
    isAcknowledgmentStep: true,
    envVariable: { name: 'TEST_PASS', requiredRole: ['*'] },
    image: { src: '/content/logo.png', alt: 'Our logo' },
    signature: true,
    version: 2,
    versionDate: '2026-11-20',
    versionNote: 'New section on photos.',
    renewEveryDays: 365,
    dueAfterDays: 7,
    media: [{ type: 'youtube', src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', aspectRatio: '16/9', size: 'full' }],
    easyRead: [{ text: 'Sign the agreement.', picture: { src: '/content/logo.png', alt: 'Our logo' } }],
    content: {
      details: ['A paragraph.'],
      tasks: ['A task.'],
      helpfulLinks: [{ text: 'Handbook', url: 'https://example.org/handbook' }],
      contacts: [{ name: 'Sam', email: 'sam@example.org', position: 'Lead' }],
      checklistHeader: 'Before you start',
      checklist: [{ id: 'item-1', text: 'An item.' }],
      acknowledgmentHeader: 'I understand',
      acknowledgments: [{ id: 'acknowledgment-1', content: 'A rule.' }],
    },
  };
}

const PATH = 'scopes[0].steps[0]';

/** Renders inside a query client (the upload fields refresh the file list through it). */
function render(element: ReactElement) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderElement(element, { wrapper });
}

/**
 * Renders the form for `initial` as the studio does, each change becoming the step the form shows when `again()`
 * renders it anew; `step()` is the latest change. `type(label, value)` fills the field labelled `label`, `tick(label)`
 * clicks the box labelled `label` and `press(name)` the button named `name`, each then rendering the form anew.
 */
function editing(initial: Step) {
  let step = initial;
  const form = () => <StepForm step={step} path={PATH} onChange={(s) => (step = s)} roleNames={[]} />;
  const view = render(form());
  const again = () => view.rerender(form());
  return {
    ...view,
    step: () => step,
    again,
    type: (label: string | RegExp, value: string) => {
      fireEvent.change(view.getByLabelText(label), { target: { value } });
      again();
    },
    tick: (label: string | RegExp) => {
      fireEvent.click(view.getByLabelText(label));
      again();
    },
    press: (name: string) => {
      fireEvent.click(view.getByRole('button', { name }));
      again();
    },
  };
}

/** A new step with nothing but what every step has (no content yet). */
const bareStep = (id: string, title: string, description: string, icon: string): Step =>
  stepSchema.parse({ id, title, description, icon, category: 'Volunteer', content: stepContentSchema.parse({}) });

/** Whether the form has a field for `field` (its own element id, or one of its list items' or parts' ids). */
function hasField(container: HTMLElement, field: string): boolean {
  const id = fieldDomId(`${PATH}.${field}`);
  return [...container.querySelectorAll('[id]')].some((e) => e.id === id || e.id.startsWith(`${id}_`));
}

// Every test renders the whole form (every field of a step) and finds its controls by role: beside another worker on a
// loaded machine one test took 22 s, past the client tests' 15 s.
describe('the step form', { timeout: 30_000 }, () => {
  it('has a field for every key of the step schema and of its content', () => {
    const step = everyField();
    expect(stepSchema.safeParse(step).success).toBe(true);
    const { container } = render(<StepForm step={step} path={PATH} onChange={() => undefined} roleNames={[]} />);
    const keys = [
      ...Object.keys(stepSchema.shape).filter((k) => k !== 'content'),
      ...Object.keys(stepContentSchema.shape).map((k) => `content.${k}`),
    ];
    const missing = keys.filter((k) => !(k in NOT_IN_THE_FORM) && !hasField(container, k));
    expect(missing).toEqual([]);
    // The exclusions name real keys (a renamed key cannot hide behind a stale exclusion).
    for (const k of Object.keys(NOT_IN_THE_FORM)) expect(keys).toContain(k);
  });

  it("keeps a form step's questions and a quiz step's questions when another field is edited", () => {
    const form = {
      allowChanges: true,
      fields: [{ id: 'support', kind: 'long-text' as const, label: 'What support?', required: false, sensitive: true }],
    };
    for (const extra of [{ form }, { quiz: safeguardingQuiz('unlimited') }]) {
      const changes: Step[] = [];
      const step: Step = { ...everyField(), ...extra };
      const { getByLabelText, unmount } = render(
        <StepForm step={step} path={PATH} onChange={(s) => changes.push(s)} roleNames={[]} />,
      );
      fireEvent.change(getByLabelText('Title'), { target: { value: 'Ask us' } });
      expect(changes.at(-1)).toEqual({ ...step, title: 'Ask us' });
      unmount();
    }
  });

  it('makes a step a form, edits its questions and options, and the result passes the content check', () => {
    const { step, type, tick, press } = editing(bareStep('ask', 'Ask', 'Questions.', 'Heart'));
    tick(/^This step is a form/);
    type('Question 1', 'How would you like us to contact you?');
    type('Question 1: answer', 'single-choice');
    type('Option 2', 'An e-mail');
    tick(/^Sensitive \(access needs/);
    press('Add question');
    expect(
      step().form?.fields.map((f) => [f.id, f.kind, f.label, f.sensitive, f.options?.map((o) => o.label)]),
    ).toEqual([
      // Ids made from the questions' texts, unique within the step.
      [
        'how-would-you-like-us-to-contact-you',
        'single-choice',
        'How would you like us to contact you?',
        true,
        ['First option', 'An e-mail'],
      ],
      ['your-question', 'short-text', 'Your question', false, undefined],
    ]);
    press('Add question');
    expect(step().form?.fields.map((f) => f.id)).toEqual([
      'how-would-you-like-us-to-contact-you',
      'your-question',
      'your-question-2',
    ]);
    expect(stepSchema.safeParse(step()).success).toBe(true);
    // A quiz instead: the form goes (a step is never both).
    tick(/^This step is a quiz/);
    expect(step().form).toBeUndefined();
    expect(step().quiz?.questions).toHaveLength(1);
  });

  it("marks a step 'Before the first day' and unmarks it, leaving no key behind", () => {
    const { getByLabelText, step, again } = editing(
      bareStep('what-to-expect', 'What to expect', 'Your first day.', 'Map'),
    );
    const box = () => getByLabelText(/^Before the first day/) as HTMLInputElement;
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    expect(step().beforeFirstDay).toBe(true);
    expect(stepSchema.safeParse(step()).success).toBe(true);
    again();
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    expect('beforeFirstDay' in step()).toBe(false);
  });

  it('edits a quiz: pass mark, tries, a question, which answers are right and why', () => {
    const { getAllByLabelText, step, again, type, tick } = editing(bareStep('check', 'Check', 'A quiz.', 'Heart'));
    tick(/^This step is a quiz/);
    type('Tries (empty: as many as they like)', '3');
    type('Question 1', 'Who do you tell?');
    type('Question 1: right answers', 'multiple-choice');
    fireEvent.click(getAllByLabelText('This answer is right')[1]!);
    again();
    type('Answer 2: why it is right or not', 'Also right.');
    expect(step().quiz).toEqual({
      passMark: 75,
      tries: 3,
      questions: [
        {
          id: 'who-do-you-tell',
          kind: 'multiple-choice',
          text: 'Who do you tell?',
          answers: [
            { id: 'answer-1', text: 'The right answer', correct: true, explanation: 'Why this is right.' },
            { id: 'answer-2', text: 'A wrong answer', correct: true, explanation: 'Also right.' },
          ],
        },
      ],
    });
    expect(stepSchema.safeParse(step()).success).toBe(true);
  });

  it('writes an easy-read version beside the standard text: sentences, a picture with its alt text, and none again', () => {
    const { easyRead: _e, ...plain } = everyField();
    const { getByRole, step, type, tick, press } = editing(plain);
    press('Add sentence');
    type('Sentence 1', 'Press Sign.');
    tick('Show a picture with sentence 1');
    type('Sentence 1 picture', '/content/images/sign.png');
    type('Sentence 1 picture description (alt text)', 'A hand pressing a button that says Sign');
    expect(step().easyRead).toEqual([
      {
        text: 'Press Sign.',
        picture: { src: '/content/images/sign.png', alt: 'A hand pressing a button that says Sign' },
      },
    ]);
    expect(stepSchema.safeParse(step()).success).toBe(true);
    // The standard text is untouched; removing every sentence leaves no easy-read version (the standard text shows).
    expect(step().content).toEqual(plain.content);
    fireEvent.click(getByRole('button', { name: 'Remove sentence 1' }));
    expect(step()).not.toHaveProperty('easyRead');
  });

  it('sets and clears the due date in days after the start date', () => {
    const changes: Step[] = [];
    const { dueAfterDays: _d, ...withoutDue } = everyField();
    const { getByLabelText, rerender } = render(
      <StepForm step={withoutDue} path={PATH} onChange={(s) => changes.push(s)} roleNames={[]} />,
    );
    const field = getByLabelText('Due (days after the start date)');
    expect(field).toHaveValue(null);
    fireEvent.change(field, { target: { value: '14' } });
    expect(changes.at(-1)?.dueAfterDays).toBe(14);
    rerender(
      <StepForm
        step={{ ...withoutDue, dueAfterDays: 14 }}
        path={PATH}
        onChange={(s) => changes.push(s)}
        roleNames={[]}
      />,
    );
    fireEvent.change(getByLabelText('Due (days after the start date)'), { target: { value: '' } });
    expect(changes.at(-1)).not.toHaveProperty('dueAfterDays');
  });

  it("offers changing a published step's or item's id as a rename that keeps members' progress, and undoes it", () => {
    const changes: Step[] = [];
    const { renamedFrom: _r, ...published } = everyField();
    const form = (step: Step) => (
      <StepForm step={step} path={PATH} onChange={(s) => changes.push(s)} roleNames={[]} publishedStep={published} />
    );
    const { getByLabelText, getByText, queryByText, rerender } = render(form(published));
    expect(getByText(/Changing it renames the step: when you publish, what members did on it moves/u)).toBeTruthy();
    expect(queryByText(/^Renamed from/u)).toBeNull();

    fireEvent.change(getByLabelText('Id', { exact: true }), { target: { value: 'sign-the-volunteer-agreement' } });
    const renamed = changes.at(-1);
    expect(renamed).toMatchObject({ id: 'sign-the-volunteer-agreement', renamedFrom: 'sign-the-agreement' });
    expect(stepSchema.safeParse(renamed).success).toBe(true);
    if (!renamed) throw new Error('no change');

    // Renamed again: still from the published id, not from the id in between.
    rerender(form(renamed));
    expect(getByText(/^Renamed from “sign-the-agreement”: what members did on this step moves to/u)).toBeTruthy();
    fireEvent.change(getByLabelText('Id', { exact: true }), { target: { value: 'agree' } });
    expect(changes.at(-1)).toMatchObject({ id: 'agree', renamedFrom: 'sign-the-agreement' });

    // An item of the published step is renamed too; a new item just takes its id.
    fireEvent.change(getByLabelText('Item 1 id'), { target: { value: 'first-item' } });
    expect(changes.at(-1)?.content.checklist).toEqual([{ id: 'first-item', text: 'An item.', renamedFrom: 'item-1' }]);

    // 'Undo the rename' gives the step its published id back and forgets the rename.
    fireEvent.click(getByText('Undo the rename'));
    expect(changes.at(-1)?.id).toBe('sign-the-agreement');
    expect(changes.at(-1)).not.toHaveProperty('renamedFrom');

    // A step that is not published just takes the new id.
    rerender(<StepForm step={published} path={PATH} onChange={(s) => changes.push(s)} roleNames={[]} />);
    fireEvent.change(getByLabelText('Id', { exact: true }), { target: { value: 'other' } });
    expect(changes.at(-1)?.id).toBe('other');
    expect(changes.at(-1)).not.toHaveProperty('renamedFrom');
  }, 20_000);

  it("shows a form question's id only under 'Advanced', made from its text; a published one's change is a rename", () => {
    const form = {
      allowChanges: false,
      fields: [
        { id: 'support', kind: 'long-text' as const, label: 'What support?', required: false, sensitive: false },
        { id: 'your-question', kind: 'short-text' as const, label: 'Your question', required: false, sensitive: false },
      ],
    };
    const published: Step = { ...everyField(), form: { ...form, fields: [form.fields[0]!] } };
    const changes: Step[] = [];
    const view = (step: Step) => (
      <StepForm step={step} path={PATH} onChange={(s) => changes.push(s)} roleNames={[]} publishedStep={published} />
    );
    const { getByLabelText, getByText, rerender } = render(view({ ...published, form }));
    for (const label of ['Question 1: id', 'Question 2: id']) {
      const details = getByLabelText(label).closest('details');
      expect(details?.querySelector('summary')?.textContent).toBe('Advanced');
    }
    // The question added in the draft takes its id from its text; the published one keeps its id.
    fireEvent.change(getByLabelText('Question 2'), { target: { value: 'Your T-shirt size?' } });
    expect(changes.at(-1)?.form?.fields[1]).toMatchObject({ id: 'your-t-shirt-size', label: 'Your T-shirt size?' });
    fireEvent.change(getByLabelText('Question 1'), { target: { value: 'What support would help?' } });
    expect(changes.at(-1)?.form?.fields[0]).toMatchObject({ id: 'support', label: 'What support would help?' });
    expect(getByText(/Changing it renames the question: when you publish, their answers move/u)).toBeTruthy();

    // Changing the published question's id renames it; a draft question's id just changes.
    fireEvent.change(getByLabelText('Question 1: id'), { target: { value: 'support-needed' } });
    const renamed = changes.at(-1);
    expect(renamed?.form?.fields[0]).toMatchObject({ id: 'support-needed', renamedFrom: 'support' });
    expect(formSchema.safeParse(renamed?.form).success).toBe(true);
    if (!renamed) throw new Error('no change');
    rerender(view(renamed));
    expect(getByText(/^Renamed from “support”: members' answers move to the new id/u)).toBeTruthy();
    fireEvent.change(getByLabelText('Question 1: id'), { target: { value: 'support' } });
    expect(changes.at(-1)?.form?.fields[0]).not.toHaveProperty('renamedFrom');
    fireEvent.change(getByLabelText('Question 2: id'), { target: { value: 'size' } });
    expect(changes.at(-1)?.form?.fields[1]).toEqual({ ...form.fields[1], id: 'size' });
  }, 30_000);
});
