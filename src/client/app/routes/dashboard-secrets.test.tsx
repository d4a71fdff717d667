import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MASKED_PASSWORD } from '@/features/onboarding/components/widgets/contacts';
import { json, renderApp, type Handler } from '@/test/render-app';
import { testWidgetOnboarding } from '@/test/widget-fixtures';

/** docs/product.md#shared-passwords: the dashboard's shared-password step asks the server and shows what it answers. */

const SECRET_URL = 'GET /api/secrets/shared-password';
const card = () => screen.getByRole('article', { name: 'Test shared password' });

async function openPasswordStep(handlers: Record<string, Handler>) {
  const rendered = renderApp('/dashboard', { 'GET /api/onboarding': () => json(testWidgetOnboarding()), ...handlers });
  await screen.findByRole('heading', { name: /^Welcome/ });
  expect(rendered.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/secrets/'))).toBe(false);
  await rendered.user.click(within(card()).getByRole('button', { name: 'Test shared password' }));
  return rendered;
}

const refusal = (status: 401 | 403, reason: string) =>
  json({ statusCode: status, error: status === 401 ? 'Unauthorized' : 'Forbidden', message: reason, reason }, status);

describe('shared passwords on the dashboard', () => {
  it('asks the server only when the step is opened, shows 8 dots until Show, and copies with a confirmation', async () => {
    let asked = 0;
    const { user, fetchMock } = await openPasswordStep({
      [SECRET_URL]: () => {
        asked += 1;
        return json({ value: 'Pa55-from-server' });
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/secrets/shared-password');
    expect(call?.[1]).toMatchObject({ cache: 'no-store' });

    const step = card();
    expect(within(step).getAllByLabelText('Password hidden')[0]).toHaveTextContent(MASKED_PASSWORD);
    expect(within(step).queryByText('Pa55-from-server')).not.toBeInTheDocument();
    const [show] = await within(step).findAllByRole('button', { name: 'Show' });
    await user.click(show!);
    expect(within(step).getByText('Pa55-from-server')).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Hide' }));
    expect(within(step).queryByText('Pa55-from-server')).not.toBeInTheDocument();

    await user.click(within(step).getAllByRole('button', { name: 'Copy password' })[0]!);
    expect(await navigator.clipboard.readText()).toBe('Pa55-from-server');
    const confirmations = screen.getByRole('region', { name: /^Confirmations/ });
    expect(await within(confirmations).findByText(/^Password copied to clipboard/)).toBeInTheDocument();
    // The whole app renders and many user events run: more than the default 5 s on a busy machine.
  }, 20_000);

  it.each([
    [403, 'role-mismatch', "You don't have the necessary permissions to view this password"],
    [403, 'development', 'Development mode - real passwords hidden'],
    [401, 'not-signed-in', 'Sign in to view with Google'],
  ] as const)('keeps the placeholder with the documented text for a %i %s refusal', async (status, reason, text) => {
    await openPasswordStep({ [SECRET_URL]: () => refusal(status, reason) });
    const step = card();
    expect((await within(step).findAllByText(text)).length).toBeGreaterThan(0);
    expect(within(step).queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: 'Show' })).not.toBeInTheDocument();
    // A refusal of the password is not a signed-out page.
    expect(screen.getByRole('heading', { name: /^Welcome/ })).toBeInTheDocument();
  });

  it('keeps the placeholder without a reason when the secret is not set', async () => {
    await openPasswordStep({ [SECRET_URL]: () => json({ value: null, reason: 'not-set' }) });
    const step = card();
    await waitFor(() => expect(within(step).getAllByLabelText('Password hidden').length).toBeGreaterThan(0));
    expect(within(step).queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
    expect(within(step).queryByText(/passwords hidden|permissions|Sign in to view/)).not.toBeInTheDocument();
  });

  it('tells a member who saw an older value when the password changed', async () => {
    await openPasswordStep({ [SECRET_URL]: () => json({ value: 'New-Pa55', changedOn: '3 Dec' }) });
    expect(await within(card()).findByText('This password changed on 3 Dec')).toBeInTheDocument();
  });

  it('says nothing about a change to a member who never saw an older value', async () => {
    await openPasswordStep({ [SECRET_URL]: () => json({ value: 'New-Pa55' }) });
    await waitFor(() => expect(within(card()).getAllByRole('button', { name: 'Show' }).length).toBeGreaterThan(0));
    expect(within(card()).queryByText(/This password changed/u)).not.toBeInTheDocument();
  });
});
