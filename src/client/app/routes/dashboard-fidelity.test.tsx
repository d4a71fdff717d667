import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// pdf.js does not run in jsdom: the lazily loaded document part is replaced by one that never finishes loading.
vi.mock('@/features/onboarding/components/widgets/pdf-document', () => ({ PdfDocument: () => null }));
import { testConfig, testOnboarding, testUser } from '@/test/fixtures';
import { type Handler, json, renderApp } from '@/test/render-app';

const card = (title: string) => screen.getByRole('article', { name: title });

/** The fixture's onboarding, its agreement step with written tasks and a helpful link to its own PDF. */
function agreementWithTasksAndLink() {
  const onboarding = testOnboarding();
  const agreement = onboarding.scopes[0]?.steps[2];
  if (!agreement) throw new Error('the fixture has no agreement step');
  agreement.content = {
    ...agreement.content,
    tasks: ['Read the agreement in the viewer.', 'Press Sign.'],
    helpfulLinks: [{ text: 'Download the Volunteer Agreement (PDF)', url: '/content/volunteer-agreement.pdf' }],
  };
  return onboarding;
}

async function renderDashboard(handlers: Record<string, Handler> = {}, welcome = 'Welcome, Alex!') {
  const app = renderApp('/dashboard', handlers);
  await screen.findByRole('heading', { name: welcome });
  return app;
}

describe('document steps', () => {
  it("unlocks 'Sign' when the agreement is downloaded from the step's Helpful Resources link", async () => {
    const { user } = await renderDashboard({ 'GET /api/onboarding': () => json(agreementWithTasksAndLink()) });
    // jsdom cannot follow links; keep the click but not the navigation.
    const stopNavigation = (e: Event) => e.preventDefault();
    document.addEventListener('click', stopNavigation);
    try {
      const agreement = card('Sign the volunteer agreement');
      await user.click(within(agreement).getByRole('button', { name: 'Sign the volunteer agreement' }));
      expect(within(agreement).getByRole('button', { name: 'Sign' })).toBeDisabled();
      await user.click(within(agreement).getByRole('link', { name: /Download the Volunteer Agreement \(PDF\)/ }));
      expect(within(agreement).getByRole('button', { name: 'Sign' })).toBeEnabled();
    } finally {
      document.removeEventListener('click', stopNavigation);
    }
  });

  it('shows the written tasks together with the document viewer', async () => {
    const { user } = await renderDashboard({ 'GET /api/onboarding': () => json(agreementWithTasksAndLink()) });
    const agreement = card('Sign the volunteer agreement');
    await user.click(within(agreement).getByRole('button', { name: 'Sign the volunteer agreement' }));
    expect(within(agreement).getByRole('link', { name: /Open Fullscreen/ })).toBeInTheDocument();
    const tasks = within(agreement).getByRole('heading', { name: 'Tasks' }).closest('section');
    if (!tasks) throw new Error('no Tasks section');
    expect(
      within(tasks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read the agreement in the viewer.', 'Press Sign.']);
  });
});

describe('organisation name', () => {
  it('names the configured organisation in the footer', async () => {
    await renderDashboard({ 'GET /api/config': () => json({ ...testConfig, orgName: 'Example Youth Network' }) });
    const footer = screen.getByRole('contentinfo');
    expect(
      await within(footer).findByText(
        `© ${new Date().getFullYear()} Example Youth Network. Confidential: for members of Example Youth Network only.`,
      ),
    ).toBeInTheDocument();
    expect(within(footer).queryByText(/INSPIRED 2 UPLIFT/)).not.toBeInTheDocument();
  });
});

describe('texts for what went wrong', () => {
  it("calls an account without a name 'Unknown User'", async () => {
    await renderDashboard({ 'GET /api/me': () => json({ user: { ...testUser, name: '  ' } }) }, 'Welcome, Unknown!');
    expect(within(screen.getByRole('banner')).getByText('Unknown User')).toBeInTheDocument();
  });

  it("says 'Unknown error loading role configuration' when the steps' answer cannot be read", async () => {
    // React and React Router report the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/dashboard', { 'GET /api/onboarding': () => new Response('<html>gateway</html>', { status: 200 }) });
    expect(await screen.findByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(screen.getByText('Unknown error loading role configuration')).toBeInTheDocument();
  });
});

describe("progress kept in this browser by the app's earlier version", () => {
  /** PUT handlers for every step of the fixture, recording the steps completed. */
  function progressRoutes() {
    const completed: string[] = [];
    const handlers: Record<string, Handler> = {};
    for (const stepId of [
      'sign-in-to-chrome',
      'change-password',
      'sign-volunteer-agreement',
      'set-up-slack',
      'download-apps',
    ]) {
      handlers[`PUT /api/progress/steps/${stepId}`] = ({ body }) => {
        if ((body as { completed: boolean }).completed) completed.push(stepId);
        return json({ stepId, completed: true, completedAt: '2025-03-01T10:00:00.000Z' });
      };
    }
    return { completed, handlers };
  }

  it('is imported once on the first visit (step indexes in the order of the steps), then removed', async () => {
    const user = { ...testUser, id: 'u-import-1' };
    localStorage.setItem('completed_steps_u-import-1', JSON.stringify([0, 3, 99]));
    localStorage.setItem('completed_steps', JSON.stringify([1, 3]));
    const { completed, handlers } = progressRoutes();
    await renderDashboard({
      ...handlers,
      'GET /api/me': () => json({ user }),
      // The first step is already of record: it is not written again.
      'GET /api/onboarding': () => json(testOnboarding({ completed: ['sign-in-to-chrome'] })),
    });
    await waitFor(() => expect(localStorage.getItem('completed_steps_u-import-1')).toBeNull());
    expect(localStorage.getItem('completed_steps')).toBeNull();
    expect([...completed].sort()).toEqual(['change-password', 'set-up-slack']);
    expect(await screen.findByText('60%')).toBeInTheDocument();
  });

  it('drops an entry it cannot read and writes nothing', async () => {
    const user = { ...testUser, id: 'u-import-2' };
    localStorage.setItem('completed_steps_u-import-2', '{not json');
    const { completed, handlers } = progressRoutes();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard({ ...handlers, 'GET /api/me': () => json({ user }) });
    await waitFor(() => expect(localStorage.getItem('completed_steps_u-import-2')).toBeNull());
    expect(errors).toHaveBeenCalledWith('Error parsing saved progress', 'completed_steps_u-import-2');
    expect(completed).toEqual([]);
  });
});
