import { contactSchema } from '@shared/content-schema';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { CONFIRMATION_TOASTER_ID, COPY_TOAST_MS } from '@/lib/toasts';
import { AVATAR_FALLBACK_PX, ContactGrid, contactGridColumns, MASKED_PASSWORD } from './contacts';

const contact = (n: number, extra: Record<string, unknown> = {}) =>
  contactSchema.parse({
    name: `Person ${n}`,
    email: `person${n}@inspired2uplift.org`,
    position: `Role ${n}`,
    ...extra,
  });

function renderGrid(ui: React.ReactNode) {
  const user = userEvent.setup();
  render(<AppProvider>{ui}</AppProvider>);
  return { user };
}

describe('Your People grid', () => {
  it.each([
    [1, 1, 'grid-cols-1'],
    [2, 2, 'sm:grid-cols-2'],
    [3, 3, 'lg:grid-cols-3'],
    [5, 3, 'lg:grid-cols-3'],
  ])('%i contact(s) → %i column(s)', (count, columns, className) => {
    expect(contactGridColumns(count)).toBe(columns);
    renderGrid(<ContactGrid contacts={Array.from({ length: count }, (_, i) => contact(i + 1))} />);
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('data-columns', String(columns));
    expect(list).toHaveClass(className);
    expect(within(list).getAllByRole('listitem')).toHaveLength(count);
  });

  it("is headed 'Your People', clamps the bio to 4 lines and falls back to a 128 px initials avatar", () => {
    renderGrid(<ContactGrid contacts={[contact(1, { name: 'Ada Lovelace', bio: 'A long bio. '.repeat(40) })]} />);
    expect(screen.getByRole('heading', { name: 'Your People' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Role 1')).toBeInTheDocument();
    expect(screen.getByText(/A long bio\./)).toHaveClass('line-clamp-4');
    // Radix shows the fallback while the picture has not loaded (jsdom never loads images).
    return vi.waitFor(() => {
      const fallback = document.querySelector(`img[width="${AVATAR_FALLBACK_PX}"]`);
      expect(fallback).not.toBeNull();
      expect(decodeURIComponent(fallback?.getAttribute('src') ?? '')).toContain('>AL</text>');
    });
  });

  it("copies an e-mail address with the tooltip 'Click to copy email' and confirms for 2000 ms", async () => {
    const success = vi.spyOn(toast, 'success');
    const { user } = renderGrid(<ContactGrid contacts={[contact(1)]} />);
    const email = screen.getByRole('button', { name: /person1@inspired2uplift\.org/ });
    await user.hover(email);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Click to copy email');
    await user.click(email);
    expect(await navigator.clipboard.readText()).toBe('person1@inspired2uplift.org');
    // jsdom runs on localhost: the development suffix is added (docs/product.md#exact-texts).
    expect(await screen.findByText('Email copied to clipboard (dev)')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Email copied to clipboard (dev)', {
      toasterId: CONFIRMATION_TOASTER_ID,
      duration: COPY_TOAST_MS,
    });
    expect(COPY_TOAST_MS).toBe(2000);
  });
});

describe('password line', () => {
  it("shows 8 dots with the tooltip 'Confidential' while there is no password to show", async () => {
    const { user } = renderGrid(
      <ContactGrid contacts={[contact(1)]} password={{ value: undefined, hiddenReason: null }} />,
    );
    const dots = screen.getByLabelText('Password hidden');
    expect(dots).toHaveTextContent(MASKED_PASSWORD);
    expect(MASKED_PASSWORD).toHaveLength(8);
    await user.tab();
    await user.tab();
    expect(dots).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Confidential');
    expect(screen.queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
  });

  it('says why a password is hidden from a development user (docs/product.md#shared-passwords)', () => {
    renderGrid(<ContactGrid contacts={[contact(1)]} password={{ value: undefined, hiddenReason: 'development' }} />);
    expect(screen.getByLabelText('Password hidden')).toHaveTextContent(MASKED_PASSWORD);
    expect(screen.getByText('Development mode - real passwords hidden')).toBeInTheDocument();
  });

  it("says 'Sign in to view with Google' when nobody is signed in", () => {
    renderGrid(<ContactGrid contacts={[contact(1)]} password={{ value: undefined, hiddenReason: 'not-signed-in' }} />);
    expect(screen.getByText('Sign in to view with Google')).toBeInTheDocument();
  });

  it('copies a revealed password without showing it', async () => {
    const { user } = renderGrid(
      <ContactGrid contacts={[contact(1)]} password={{ value: 's3cret!', hiddenReason: null }} />,
    );
    expect(screen.queryByText('s3cret!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('s3cret!');
    expect(await screen.findByText('Password copied to clipboard (dev)')).toBeInTheDocument();
  });
});

describe('placeholder contacts (docs/product.md#placeholders)', () => {
  const guessed = contact(1, {
    name: 'Director of Finance — name to be added',
    email: 'finance@inspired2uplift.org',
    position: 'Director of Finance',
    bio: `${'Leads the Finance team and trains new members. '.repeat(6)}E-mail address to be confirmed.`,
  });

  it("marks a contact with a placeholder with a visible 'to be confirmed' badge that the bio's clamp cannot hide", () => {
    renderGrid(<ContactGrid contacts={[guessed, contact(2)]} />);
    const [placeholder, real] = screen.getAllByRole('listitem');
    expect(within(placeholder!).getByText('to be confirmed')).toBeVisible();
    expect(within(placeholder!).getByText('to be confirmed').closest('.line-clamp-4')).toBeNull();
    expect(within(real!).queryByText('to be confirmed')).not.toBeInTheDocument();
  });

  it('neither shows, copies nor mails a guessed address: the e-mail line says it is to be confirmed', () => {
    renderGrid(<ContactGrid contacts={[guessed]} />);
    const card = screen.getByRole('listitem');
    expect(within(card).queryByText(/finance@inspired2uplift\.org/)).not.toBeInTheDocument();
    expect(card.innerHTML).not.toContain('finance@inspired2uplift.org');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByText('E-mail address to be confirmed')).toBeVisible();
    // The sentence moved from the bio to the e-mail line, where the clamp cannot cut it off.
    expect(within(card).getByText(/Leads the Finance team/).textContent).not.toMatch(/to be confirmed/);
  });

  it('keeps the copy button of a confirmed address', () => {
    renderGrid(<ContactGrid contacts={[contact(3, { bio: 'Runs the weekly call.' })]} />);
    expect(screen.getByRole('button', { name: /person3@inspired2uplift\.org/ })).toBeInTheDocument();
    expect(screen.queryByText('to be confirmed')).not.toBeInTheDocument();
  });
});

describe("the member's own people (docs/product.md#your-people)", () => {
  const lead = {
    email: 'lena@inspired2uplift.org',
    name: 'Lena Lead',
    picture: 'https://lh3.googleusercontent.com/a/lena',
    relations: ['lead' as const],
  };
  const buddy = { email: 'pat@inspired2uplift.org', name: 'Pat Pal', picture: null, relations: ['buddy' as const] };
  const guessed = contact(9, { name: 'Director of Finance — name to be added', position: 'Director of Finance' });

  it("shows the lead and the buddy first, each with a say-hello link, and the content's placeholder still marked", () => {
    renderGrid(<ContactGrid people={[lead, buddy]} contacts={[guessed]} />);
    const list = screen.getByRole('list');
    expect(list).toHaveAttribute('data-columns', '3');
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Lena Lead')).toBeVisible();
    expect(within(first!).getByText('Your team lead')).toBeVisible();
    expect(within(first!).getByRole('link', { name: 'Say hello to Lena Lead' })).toHaveAttribute(
      'href',
      'mailto:lena@inspired2uplift.org',
    );
    expect(within(first!).getByRole('button', { name: /lena@inspired2uplift\.org/ })).toBeInTheDocument();
    expect(within(second!).getByText('Pat Pal')).toBeVisible();
    expect(within(second!).getByText('Your buddy')).toBeVisible();
    expect(within(second!).getByRole('link', { name: 'Say hello to Pat Pal' })).toHaveAttribute(
      'href',
      'mailto:pat@inspired2uplift.org',
    );
    // Real people are never marked; the content's guessed contact still is, and has no say-hello link.
    expect(within(first!).queryByText('to be confirmed')).not.toBeInTheDocument();
    expect(within(second!).queryByText('to be confirmed')).not.toBeInTheDocument();
    expect(within(third!).getByText('to be confirmed')).toBeVisible();
    expect(within(third!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the Google photo of a person who has one, and initials for one who has none', () => {
    renderGrid(<ContactGrid people={[lead, buddy]} contacts={[]} />);
    const [first, second] = screen.getAllByRole('listitem');
    return vi.waitFor(() => {
      // jsdom never loads images: Radix keeps the picture's address until it gives up and shows the fallback.
      const images = [first!, second!].map((card) => card.querySelector('img')?.getAttribute('src') ?? '');
      expect(decodeURIComponent(images[1]!)).toContain('>PP</text>');
      expect(images[0]).not.toContain('>PP</text>');
    });
  });

  it('says when one person is both the lead and the buddy', () => {
    renderGrid(<ContactGrid people={[{ ...lead, relations: ['lead', 'buddy'] }]} contacts={[]} />);
    expect(screen.getByText('Your team lead and buddy')).toBeVisible();
  });
});
