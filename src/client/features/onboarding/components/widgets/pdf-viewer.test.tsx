import { stepSchema } from '@shared/content-schema';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StepCard } from '../step-card';
import { DRAFT_DOCUMENT_NOTICE, PDF_RELOAD_CHECK_MS, PDF_VIEWER_HEIGHT_PX } from './pdf-viewer';

/**
 * pdf.js does not run in jsdom: the lazily loaded document part is replaced by one the test steers. `outcome` says
 * what each new mount does: load, fail, or never finish.
 */
const pdf = vi.hoisted(() => ({ outcome: 'load' as 'load' | 'fail' | 'hang', mounts: 0 }));
vi.mock('./pdf-document', async () => {
  const { useEffect } = await import('react');
  return {
    PdfDocument: ({ onLoadSuccess, onLoadError }: { onLoadSuccess: () => void; onLoadError: (e: Error) => void }) => {
      useEffect(() => {
        pdf.mounts += 1;
        if (pdf.outcome === 'load') onLoadSuccess();
        if (pdf.outcome === 'fail') onLoadError(new Error('broken'));
      }, [onLoadSuccess, onLoadError]);
      return <p>The document pages</p>;
    },
  };
});

const step = stepSchema.parse({
  id: 'sign-volunteer-agreement',
  title: 'Sign the Volunteer Agreement',
  description: 'Read it, then sign.',
  icon: 'Pen',
  category: 'Volunteer',
  completeButtonText: 'Sign',
  requiresScrollOrDownload: true,
  pdfUrl: '/content/volunteer-agreement.pdf',
});

/** A step card that keeps its own completion, as the dashboard would. */
function Harness({ shown = step }: { shown?: typeof step }) {
  const [completed, setCompleted] = useState(false);
  return (
    <StepCard
      step={shown}
      status={completed ? 'completed' : 'active'}
      index={0}
      isOpen
      onToggle={() => {}}
      onSetCompleted={setCompleted}
      doneItems={new Set()}
      onItemChange={() => {}}
      readOnly={false}
      password={undefined}
      isMobile={false}
      accent="#15803d"
    />
  );
}

async function renderCard(shown = step) {
  render(<Harness shown={shown} />);
  // Let the lazy document part resolve.
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const signButton = () => screen.getByRole('button', { name: /^(Sign|Please wait \(\d+s\))$/ });
const announcement = () => screen.getAllByRole('status').find((el) => el.classList.contains('sr-only'));

// jsdom cannot follow links; keep the click but not the navigation.
const stopNavigation = (e: Event) => e.preventDefault();
beforeEach(() => {
  pdf.outcome = 'load';
  pdf.mounts = 0;
  document.addEventListener('click', stopNavigation);
});
afterEach(() => document.removeEventListener('click', stopNavigation));

describe('PDF viewer and document step', () => {
  it('counts down 15 s once the document shows, announcing only the start and the unlock, then enables Sign', async () => {
    vi.useFakeTimers();
    await renderCard();
    expect(screen.getByText('The document pages')).toBeInTheDocument();
    expect(signButton()).toHaveTextContent('Please wait (15s)');
    expect(signButton()).toBeDisabled();
    const started = 'Please wait 15 seconds before you can press Sign, or download the document to continue now.';
    expect(announcement()).toHaveTextContent(started);

    advance(1000);
    expect(signButton()).toHaveTextContent('Please wait (14s)');
    expect(announcement()).toHaveTextContent(started);
    advance(13_000);
    expect(signButton()).toHaveTextContent('Please wait (1s)');
    expect(signButton()).toBeDisabled();
    advance(1000);
    expect(signButton()).toHaveTextContent('Sign');
    expect(signButton()).toBeEnabled();
    expect(announcement()).toHaveTextContent('You can now press Sign.');

    fireEvent.click(signButton());
    expect(screen.getByRole('button', { name: 'Reset step' })).toBeInTheDocument();
  });

  it('unlocks at once when the document is downloaded, and keeps Download reachable by keyboard', async () => {
    vi.useFakeTimers();
    await renderCard();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download');
    expect(download).toHaveAttribute('href', '/content/volunteer-agreement.pdf');
    expect(download).not.toHaveAttribute('tabindex', '-1');
    fireEvent.click(download);
    expect(signButton()).toHaveTextContent('Sign');
    expect(signButton()).toBeEnabled();
    expect(announcement()).toHaveTextContent('You can now press Sign.');
  });

  it('resetting the step resets the open document and locks the step again', async () => {
    await renderCard();
    fireEvent.click(screen.getByRole('link', { name: 'Download' }));
    fireEvent.click(signButton());
    fireEvent.click(screen.getByRole('button', { name: 'Reset step' }));
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    // The open content starts over: the document shows anew and the wait begins again.
    expect(pdf.mounts).toBe(2);
    expect(signButton()).toHaveTextContent('Please wait (15s)');
    expect(signButton()).toBeDisabled();
  });

  it("shows 'Loading PDF...' and loads the source once more if it has not loaded after 5 s, but only once", async () => {
    vi.useFakeTimers();
    pdf.outcome = 'hang';
    await renderCard();
    expect(screen.getByText('Loading PDF...')).toBeInTheDocument();
    expect(signButton()).toHaveTextContent('Sign');
    expect(signButton()).toBeDisabled();
    expect(pdf.mounts).toBe(1);
    advance(PDF_RELOAD_CHECK_MS);
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(pdf.mounts).toBe(2);
    advance(3 * PDF_RELOAD_CHECK_MS);
    expect(pdf.mounts).toBe(2);
    expect(screen.getByText('Loading PDF...')).toBeInTheDocument();
  });

  it("shows 'Failed to load PDF' with 'Try Again' and 'Download Instead'", async () => {
    pdf.outcome = 'fail';
    await renderCard();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to load PDF')).toBeInTheDocument();
    expect(
      within(alert).getByText('There was an issue loading the document. Please try downloading it or reloading.'),
    ).toBeInTheDocument();

    pdf.outcome = 'load';
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.queryByText('Failed to load PDF')).not.toBeInTheDocument();
    expect(signButton()).toHaveTextContent('Please wait (15s)');
  });

  it("unlocks the step through 'Download Instead' when the document cannot be shown", async () => {
    pdf.outcome = 'fail';
    await renderCard();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Download Instead' }));
    expect(signButton()).toBeEnabled();
  });

  it('says DRAFT above and across a document the content marks as a draft, and not otherwise', async () => {
    await renderCard(stepSchema.parse({ ...step, pdfDraft: true }));
    const notice = screen.getByText(DRAFT_DOCUMENT_NOTICE);
    expect(notice).toHaveTextContent(`DRAFT${DRAFT_DOCUMENT_NOTICE}`);
    expect(notice).toBeVisible();
    expect(screen.getByTestId('draft-stamp')).toHaveTextContent('DRAFT');
    // The stamp is for the eye: screen readers hear the notice once.
    expect(screen.getByTestId('draft-stamp').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows no DRAFT notice for a final document', async () => {
    await renderCard();
    expect(screen.queryByText(DRAFT_DOCUMENT_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByTestId('draft-stamp')).not.toBeInTheDocument();
    expect(screen.queryByText('DRAFT')).not.toBeInTheDocument();
  });

  it('has Reload and Open Fullscreen (new tab) and is 600 px high and keyboard scrollable', async () => {
    await renderCard();
    expect(screen.getByRole('link', { name: /Open Fullscreen/ })).toHaveAttribute('target', '_blank');
    const viewer = screen.getByRole('region', { name: 'Sign the Volunteer Agreement: document' });
    expect(viewer.style.height).toBe(`${PDF_VIEWER_HEIGHT_PX}px`);
    expect(viewer).toHaveAttribute('tabindex', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Reload the document' }));
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(pdf.mounts).toBe(2);
  });
});
