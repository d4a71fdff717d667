import { SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE, SIGNED_NAME_NO_LETTERS_MESSAGE } from '@shared/acknowledgments';
import { stepSchema } from '@shared/content-schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { apiError, json, stubNetwork } from '@/test/render-app';
import { AgreementNotice, shortDate } from '../agreement-notice';
import { agreementName } from '@shared/acknowledgments';
import { SignatureDialog } from './signature-dialog';

const step = stepSchema.parse({
  id: 'sign-volunteer-agreement',
  title: 'Sign the Volunteer Agreement',
  description: 'Read and sign.',
  icon: 'Pen',
  category: 'Volunteer',
  signature: true,
  version: 2,
  versionDate: '2025-12-03',
  versionNote: 'The section on photos is new.',
});

const signed = {
  acknowledgment: { id: '6f1c2a8e-5d0b-4c3e-9a61-0a1b2c3d4e5f' },
  step: { stepId: step.id, completed: true, completedAt: '2025-12-04T10:00:00.000Z' },
};

function renderDialog() {
  const onClose = vi.fn();
  const onSigned = vi.fn();
  const user = userEvent.setup();
  render(
    <AppProvider>
      <SignatureDialog step={step} onClose={onClose} onSigned={onSigned} />
    </AppProvider>,
  );
  return { user, onClose, onSigned };
}

describe('SignatureDialog', () => {
  it('names what is agreed to', () => {
    expect(agreementName('Sign the Volunteer Agreement')).toBe('the Volunteer Agreement');
    expect(agreementName('Read the code of conduct')).toBe('“Read the code of conduct”');
  });

  it('signs only with a typed name and the box ticked, sending the name, agreement and version read', async () => {
    const fetchMock = stubNetwork({
      'POST /api/acknowledgments/steps/sign-volunteer-agreement/signature': () => json(signed),
    });
    const { user, onClose, onSigned } = renderDialog();
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    await user.type(screen.getByLabelText('Your full name'), '  Sam Lee ');
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }));
    expect(sign).toBeEnabled();
    await user.click(sign);
    await vi.waitFor(() => expect(onSigned).toHaveBeenCalledWith(signed.acknowledgment.id));
    expect(onClose).toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/signature')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Sam Lee', agree: true, version: 2 });
  });

  it('refuses a name without visible letters before sending it, saying why (the shared rule)', async () => {
    const fetchMock = stubNetwork({
      'POST /api/acknowledgments/steps/sign-volunteer-agreement/signature': () => json(signed),
    });
    const { user, onSigned } = renderDialog();
    const input = screen.getByLabelText('Your full name');
    await user.type(input, '\u0301\u0301 - .');
    await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNED_NAME_NO_LETTERS_MESSAGE);
    await user.clear(input);
    await user.type(input, 'Sam \u202Eeel');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGNED_NAME_HIDDEN_CHARACTER_MESSAGE);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/signature'))).toBe(false);
    expect(onSigned).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open", async () => {
    stubNetwork({
      'POST /api/acknowledgments/steps/sign-volunteer-agreement/signature': () =>
        apiError(
          409,
          'This step has changed since you opened it. Reload the page, read the new version, then try again.',
        ),
    });
    const { user, onClose, onSigned } = renderDialog();
    await user.type(screen.getByLabelText('Your full name'), 'Sam Lee');
    await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Volunteer Agreement.' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This step has changed since you opened it.');
    expect(onSigned).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeEnabled();
  });
});

describe('AgreementNotice', () => {
  const agreement = {
    stepId: step.id,
    recordId: signed.acknowledgment.id,
    kind: 'signature' as const,
    version: 1,
    at: '2025-04-01T09:00:00.000Z',
  };

  it('asks again when the content changed, saying when and what changed', () => {
    render(<AgreementNotice step={step} agreement={{ ...agreement, due: 'changed' }} completed={false} />);
    expect(
      screen.getByText(`Please read and agree again — this changed on ${shortDate('2025-12-03')}`),
    ).toBeInTheDocument();
    expect(screen.getByText('What changed: The section on photos is new.')).toBeInTheDocument();
    expect(shortDate('2025-12-03', new Date('2025-12-10T00:00:00Z'))).toBe('3 Dec');
  });

  it('offers the receipt of a signed step, and nothing for a step asked again once agreed', () => {
    const { rerender } = render(<AgreementNotice step={step} agreement={{ ...agreement, due: null }} completed />);
    expect(screen.getByRole('link', { name: 'Download your signed receipt (PDF)' })).toHaveAttribute(
      'href',
      `/api/acknowledgments/${signed.acknowledgment.id}/receipt.pdf`,
    );
    rerender(<AgreementNotice step={step} agreement={{ ...agreement, due: null }} completed={false} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Please read and agree again/)).toBeNull();
  });
});
