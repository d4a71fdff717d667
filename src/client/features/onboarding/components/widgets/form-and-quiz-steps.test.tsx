import { formSchema, quizSchema } from '@shared/content-schema';
import { withoutQuizKey } from '@shared/step-answers';
import { safeguardingQuiz } from '@shared/test-quiz';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { json, stubNetwork } from '@/test/render-app';
import { FormStep } from './form-step';
import { QuizStep } from './quiz-step';

const form = formSchema.parse({
  allowChanges: true,
  fields: [
    { id: 'name', kind: 'short-text', label: 'Your name', required: true, help: 'The name you like to be called.' },
    { id: 'hours', kind: 'number', label: 'Hours a week', min: 1, max: 40 },
    { id: 'photos-ok', kind: 'yes-no', label: 'May we take photos of you?' },
  ],
});

const empty = { stepId: 'support', draft: null, submitted: null, canSubmit: true };

describe('FormStep (docs/product.md#form-steps)', () => {
  it('shows what to change beside each field, and sends by keyboard only', async () => {
    const sent: unknown[] = [];
    stubNetwork({
      'GET /api/steps/support/form': () => json(empty),
      'POST /api/steps/support/form': ({ body }) => {
        sent.push(body);
        return json({
          stepId: 'support',
          draft: null,
          submitted: {
            version: 1,
            answers: { name: 'Sam', hours: 4, 'photos-ok': true },
            submittedAt: '2025-04-01T09:00:00.000Z',
          },
          canSubmit: true,
          step: { stepId: 'support', completed: true, completedAt: '2025-04-01T09:00:00.000Z' },
        });
      },
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <FormStep stepId="support" form={form} readOnly={false} />
      </AppProvider>,
    );
    const name = await screen.findByRole('textbox', { name: /^Your name\W+required\W*$/u });
    expect(name).toHaveAccessibleDescription('The name you like to be called.');
    // Send with nothing filled in: the error is tied to its field, and focus goes there.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The name you like to be called. This question needs an answer.');
    expect(sent).toEqual([]);

    await user.keyboard('Sam');
    await user.tab();
    await user.keyboard('99');
    await user.tab();
    await user.keyboard(' '); // the first radio of the yes/no question: Yes
    await user.keyboard('{Enter}');
    const hours = screen.getByRole('textbox', { name: 'Hours a week' });
    expect(hours).toHaveFocus();
    expect(hours).toHaveAccessibleDescription('Write a number of 40 or less.');
    await user.clear(hours);
    await user.keyboard('4{Enter}');
    await vi.waitFor(() => expect(sent).toEqual([{ answers: { name: 'Sam', hours: 4, 'photos-ok': true } }]));
    expect(await screen.findByText('Your answers were sent. Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download my answers (CSV)' })).toHaveAttribute(
      'href',
      '/api/answers/mine?format=csv',
    );
  }, 30_000); // typing key by key is slow on a busy machine

  it('shows the server’s problems beside their fields', async () => {
    stubNetwork({
      'GET /api/steps/support/form': () => json(empty),
      'PUT /api/steps/support/form/draft': () =>
        json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Some answers of this form need a change.',
            problems: [{ fieldId: 'name', message: 'Shorten this to at most 200 characters (it has 201).' }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <FormStep stepId="support" form={form} readOnly={false} />
      </AppProvider>,
    );
    await user.type(await screen.findByRole('textbox', { name: /^Your name\W+required\W*$/u }), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Shorten this to at most 200 characters (it has 201).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Your name\W+required\W*$/u })).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);
});

const fileForm = formSchema.parse({
  fields: [
    {
      id: 'certificate',
      kind: 'file',
      label: 'Your first aid certificate',
      required: true,
      help: 'A scan or a photo is fine.',
      accept: ['pdf', 'png'],
      maxBytes: 8192,
    },
  ],
});

describe('FormStep: a file question (docs/product.md#file-questions)', () => {
  it('says what it takes, refuses an oversize file at once, uploads a chosen one and sends it', async () => {
    const sent: unknown[] = [];
    const uploads: string[] = [];
    const answer = {
      fileId: '6f1c1a52-2d0a-4a43-9d3c-0d3f3c1c8b11',
      name: 'first-aid.pdf',
      type: 'application/pdf',
      size: 2048,
    };
    stubNetwork({
      'GET /api/steps/docs/form': () => json({ ...empty, stepId: 'docs' }),
      'POST /api/steps/docs/form/files/certificate': ({ url }) => {
        uploads.push(url);
        return json(answer, 201);
      },
      'POST /api/steps/docs/form': ({ body }) => {
        sent.push(body);
        return json({
          stepId: 'docs',
          draft: null,
          submitted: { version: 1, answers: { certificate: answer }, submittedAt: '2025-04-01T09:00:00.000Z' },
          canSubmit: false,
          step: { stepId: 'docs', completed: true, completedAt: '2025-04-01T09:00:00.000Z' },
        });
      },
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <FormStep stepId="docs" form={fileForm} readOnly={false} />
      </AppProvider>,
    );
    const input = await screen.findByLabelText(/^Your first aid certificate\W+required\W*$/u);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('A scan or a photo is fine. Files it takes: PDF or PNG, up to 8 KB.');
    // Keyboard: the file chooser is the first control.
    await user.tab();
    expect(input).toHaveFocus();

    await user.upload(input, new File([new Uint8Array(9000)], 'big.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'A scan or a photo is fine. Files it takes: PDF or PNG, up to 8 KB. The file is larger than 8 KB (it is 9 KB): make it smaller and try again.',
    );
    expect(uploads).toEqual([]);

    await user.upload(input, new File([new Uint8Array(2048)], 'first-aid.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('first-aid.pdf is uploaded. Save a draft or send the form to keep it.'),
    ).toBeInTheDocument();
    expect(uploads).toEqual(['/api/steps/docs/form/files/certificate']);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('link', { name: 'Download it' })).toHaveAttribute(
      'href',
      `/api/steps/docs/form/files/${answer.fileId}`,
    );
    expect(screen.getByText(/Your file:/u)).toHaveTextContent('Your file: first-aid.pdf (2 KB)');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toEqual([{ answers: { certificate: answer } }]));
  }, 30_000);

  it('shows the server’s refusal beside the question, saying what to do', async () => {
    stubNetwork({
      'GET /api/steps/docs/form': () => json({ ...empty, stepId: 'docs' }),
      'POST /api/steps/docs/form/files/certificate': () =>
        json(
          {
            statusCode: 415,
            error: 'Unsupported Media Type',
            message: 'This file is a JPEG image: upload a PDF or PNG.',
          },
          415,
        ),
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <FormStep stepId="docs" form={fileForm} readOnly={false} />
      </AppProvider>,
    );
    const input = await screen.findByLabelText(/^Your first aid certificate/u);
    await user.upload(input, new File([new Uint8Array(100)], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('This file is a JPEG image: upload a PDF or PNG.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Your file:/u)).toBeNull();
  }, 30_000);
});

const quiz = quizSchema.parse(safeguardingQuiz(3));

/** The quiz as the server sends it to the member: without which answers are right. */
const memberQuiz = withoutQuizKey({
  id: 'quiz',
  title: 'Quiz',
  description: 'Q.',
  icon: 'User',
  category: 'Volunteer' as const,
  requiresScrollOrDownload: false,
  isContactStep: false,
  isChecklistStep: false,
  isAcknowledgmentStep: false,
  media: [],
  content: { details: [], tasks: [], helpfulLinks: [], contacts: [], checklist: [], acknowledgments: [] },
  quiz,
}).quiz!;

describe('QuizStep (docs/product.md#quiz-steps)', () => {
  it('shows which answers were wrong and why after a try, and passes on the second', async () => {
    const tries: unknown[] = [];
    const result = (right: boolean) => ({
      correct: right ? 1 : 0,
      total: 1,
      percent: right ? 100 : 0,
      passMark: 100,
      passed: right,
      questions: [
        {
          questionId: 'who',
          right,
          chosen: [
            right
              ? { answerId: 'lead', correct: true, explanation: 'They know what to do.' }
              : { answerId: 'nobody', correct: false, explanation: 'A secret can leave someone in danger.' },
          ],
        },
      ],
    });
    stubNetwork({
      'GET /api/steps/quiz/quiz': () => json({ stepId: 'quiz', tries: 0, triesLeft: 3, passed: false, last: null }),
      'POST /api/steps/quiz/quiz': ({ body }) => {
        tries.push(body);
        const right = tries.length === 2;
        return json({
          stepId: 'quiz',
          tries: tries.length,
          triesLeft: 3 - tries.length,
          passed: right,
          last: result(right),
          step: { stepId: 'quiz', completed: right, completedAt: right ? '2025-04-01T09:00:00.000Z' : null },
        });
      },
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <QuizStep stepId="quiz" quiz={memberQuiz} readOnly={false} />
      </AppProvider>,
    );
    await screen.findByRole('group', { name: '1. Who do you tell?' });
    await user.tab(); // the first answer
    await user.keyboard('{ArrowDown}'); // Nobody
    expect(screen.getByRole('radio', { name: 'Nobody' })).toBeChecked();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Not passed yet: 0 of 1 right (you need 100%).' })).toHaveFocus();
    expect(screen.getByText('Nobody: not right. A secret can leave someone in danger.')).toBeInTheDocument();
    expect(screen.getByText(/Tries left: 2\./u)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'The safeguarding lead' }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByRole('heading', { name: 'You passed: 1 of 1 right.' })).toBeInTheDocument();
    expect(tries).toEqual([{ answers: { who: ['nobody'] } }, { answers: { who: ['lead'] } }]);
    expect(screen.queryByRole('button', { name: 'Check my answers' })).not.toBeInTheDocument();
  }, 30_000);
});

describe('a form or quiz that changed since the member answered it', () => {
  it('says so, and offers the quiz and the form again', async () => {
    const finalForm = formSchema.parse({ fields: [{ id: 'name', kind: 'short-text', label: 'Your name' }] });
    stubNetwork({
      'GET /api/steps/quiz/quiz': () =>
        json({ stepId: 'quiz', tries: 0, triesLeft: null, passed: false, last: null, changedSinceTried: true }),
      'GET /api/steps/support/form': () =>
        json({
          stepId: 'support',
          draft: null,
          submitted: { version: 1, answers: { name: 'Sam' }, submittedAt: '2025-03-01T09:00:00.000Z' },
          canSubmit: true,
          changedSinceSent: true,
        }),
    });
    render(
      <AppProvider>
        <QuizStep stepId="quiz" quiz={memberQuiz} readOnly={false} />
        <FormStep stepId="support" form={finalForm} readOnly={false} />
      </AppProvider>,
    );
    expect(
      await screen.findByText(
        'The questions of this quiz changed since you took it. Please take it again: your earlier tries do not count.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check my answers' })).toBeEnabled();
    expect(await screen.findByText(/The questions of this form changed after you sent it on/u)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Sam');
    expect(screen.getByRole('button', { name: /^Send/u })).toBeEnabled();
  }, 30_000);
});
