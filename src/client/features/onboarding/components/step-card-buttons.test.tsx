import { stepSchema } from '@shared/content-schema';
import { safeguardingQuiz } from '@shared/test-quiz';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepCard } from './step-card';

/**
 * One button for one action (docs/product.md#step-cards): a form step completes with its Send and a quiz step with its
 * pass, so their cards show no second, disabled "Complete" beside the hint; a checklist step keeps its button.
 */

const base = { title: 'About you', description: 'A few questions.', icon: 'User', category: 'Volunteer' };
const STEPS = {
  form: stepSchema.parse({
    ...base,
    id: 'about-you',
    form: { fields: [{ id: 'pronouns', kind: 'short-text', label: 'Your pronouns' }] },
  }),
  quiz: stepSchema.parse({
    ...base,
    id: 'safe-quiz',
    quiz: safeguardingQuiz('unlimited'),
  }),
  checklist: stepSchema.parse({
    ...base,
    id: 'get-ready',
    isChecklistStep: true,
    content: { checklist: [{ id: 'chat', text: 'Join the team chat' }] },
  }),
};

type Status = 'active' | 'completed' | 'pending';

function cardElement(step: (typeof STEPS)[keyof typeof STEPS], status: Status) {
  return (
    <StepCard
      step={step}
      status={status}
      index={0}
      isOpen={false}
      onToggle={() => {}}
      onSetCompleted={() => {}}
      doneItems={new Set()}
      onItemChange={() => {}}
      readOnly={false}
      password={undefined}
      isMobile={false}
      accent="#15803d"
    />
  );
}

function card(step: (typeof STEPS)[keyof typeof STEPS]) {
  render(cardElement(step, 'active'));
  return within(screen.getByRole('article', { name: step.title }));
}

describe('the buttons of a step card', () => {
  it.each(['form', 'quiz'] as const)('a %s step shows its hint and no Complete button of its own', (kind) => {
    const article = card(STEPS[kind]);
    expect(article.getByText(kind === 'form' ? /send the form/u : /pass the quiz/u)).toBeInTheDocument();
    expect(article.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('a checklist step keeps its Complete button, disabled until every item is ticked, and says why to a screen reader', () => {
    const button = card(STEPS.checklist).getByRole('button', { name: 'Complete' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Open this step and tick every item in it to complete it.');
  });
});

describe('the status region of a step card (docs/product.md#step-cards)', () => {
  const status = () => within(screen.getByRole('article', { name: base.title })).getByRole('status');

  it('announces a completion as it happens, then a reset', () => {
    const { rerender } = render(cardElement(STEPS.checklist, 'active'));
    expect(status()).toHaveTextContent(/^$/u);
    rerender(cardElement(STEPS.checklist, 'completed'));
    expect(status()).toHaveTextContent('This step is finished. Well done!');
    rerender(cardElement(STEPS.checklist, 'active'));
    expect(status()).toHaveTextContent('This step is open again: it is not finished any more.');
  });

  it('announces nothing for a step that was completed before the page opened', () => {
    render(cardElement(STEPS.form, 'completed'));
    expect(status()).toHaveTextContent(/^$/u);
  });
});
