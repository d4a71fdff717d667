import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stepSchema } from '@shared/content-schema';
import { preferenceAttributes, preferencesFrom } from '@shared/preferences';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { showPreferences } from '@/features/preferences/utils/page-preferences';
import { StepCard } from './step-card';

/**
 * Easy read on the dashboard's step card (docs/product.md#easy-read): a member who chose 'Easy read' sees a step's
 * easy-read sentences (with their pictures) in place of its details and tasks where the step has them, and the standard
 * text where it has none; a member who did not choose it sees the standard text. Shown by the app's own style sheet
 * rules (src/client/styles/index.css), applied here as they are.
 */

const CSS = readFileSync(path.resolve(import.meta.dirname, '../../../styles/index.css'), 'utf8');

beforeAll(() => {
  const rules = /\/\*\n \* Easy read:[\s\S]*?\*\/\n([\s\S]*?)\n\/\*/.exec(CSS)?.[1];
  expect(rules, 'the easy-read rules of index.css').toMatch(/data-reading='easy'/);
  const style = document.createElement('style');
  style.textContent = rules ?? '';
  document.head.append(style);
});

afterEach(() => {
  for (const name of Object.keys(preferenceAttributes(preferencesFrom({})))) {
    document.documentElement.removeAttribute(name);
  }
});

const WITH_EASY_READ = stepSchema.parse({
  id: 'set-up-slack',
  title: 'Set up Slack',
  description: 'Join inspired2uplift.slack.com.',
  icon: 'Slack',
  category: 'Volunteer',
  easyRead: [
    { text: 'Slack is the app where we chat.' },
    { text: 'Say hello in the #general channel.', picture: { src: '/content/images/hello.png', alt: 'A hand waving' } },
  ],
  content: {
    details: ['Slack is our chat app. Teams, chapters and projects each have their own channels.'],
    tasks: ['Download the Slack app for your computer.'],
  },
});

const { easyRead: _none, ...WITHOUT_EASY_READ } = {
  ...WITH_EASY_READ,
  id: 'change-password',
  title: 'Change your password',
};

function card(step = WITH_EASY_READ) {
  render(
    <StepCard
      step={step}
      status="active"
      index={0}
      isOpen
      onToggle={() => {}}
      onSetCompleted={() => {}}
      doneItems={new Set()}
      onItemChange={() => {}}
      readOnly={false}
      password={undefined}
      isMobile={false}
      accent="#15803d"
    />,
  );
  return within(screen.getByRole('article', { name: step.title }));
}

const chooseEasyRead = (easyRead: boolean) => showPreferences(preferencesFrom({ easyRead }));

describe('easy read on a step card', () => {
  it('shows the easy-read sentences and their pictures in place of the details and tasks once chosen', () => {
    chooseEasyRead(true);
    const step = card();
    const list = step.getByRole('list', { name: 'Easy read' });
    expect(list).toBeVisible();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slack is the app where we chat.', 'Say hello in the #general channel.']);
    expect(within(list).getByRole('img', { name: 'A hand waving' })).toHaveAttribute(
      'src',
      '/content/images/hello.png',
    );
    expect(step.getByText(/^Slack is our chat app\./)).not.toBeVisible();
    expect(step.getByText('Download the Slack app for your computer.')).not.toBeVisible();
    // The title and the one-line description stay.
    expect(step.getByText('Join inspired2uplift.slack.com.')).toBeVisible();
  });

  it('shows the standard text while easy read is not chosen', () => {
    chooseEasyRead(false);
    const step = card();
    expect(step.getByText(/^Slack is our chat app\./)).toBeVisible();
    expect(step.getByText('Download the Slack app for your computer.')).toBeVisible();
    expect(step.getByText('Slack is the app where we chat.')).not.toBeVisible();
  });

  it('shows the standard text of a step without an easy-read version, even when easy read is chosen', () => {
    chooseEasyRead(true);
    const step = card(WITHOUT_EASY_READ);
    expect(step.queryByRole('list', { name: 'Easy read' })).toBeNull();
    expect(step.getByText(/^Slack is our chat app\./)).toBeVisible();
    expect(step.getByText('Download the Slack app for your computer.')).toBeVisible();
  });
});
