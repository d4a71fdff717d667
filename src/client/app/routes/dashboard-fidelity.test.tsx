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
  /**
   * The import route, recording what was sent, answering `status`; GET /api/onboarding answers the steps completed
   * so far (`completed`), as the server would after the import.
   */
  function importRoutes(status = 200, alreadyCompleted: string[] = []) {
    const sent: unknown[] = [];
    const completed = [...alreadyCompleted];
    const handlers: Record<string, Handler> = {
      'POST /api/progress/import': ({ body }) => {
        sent.push(body);
        if (status !== 200) return json({ statusCode: status, error: 'Error', message: 'refused' }, status);
        const stepIds = (body as { stepIds: string[] }).stepIds.filter((id) => !completed.includes(id));
        completed.push(...stepIds);
        return json({ imported: stepIds, skipped: [] });
      },
      'GET /api/onboarding': () => json(testOnboarding({ completed })),
    };
    return { sent, handlers };
  }

  it('is sent once, as step ids in the order of the steps, then removed, and the progress shows', async () => {
    const user = { ...testUser, id: 'u-import-1' };
    localStorage.setItem('completed_steps_u-import-1', JSON.stringify([0, 3, 99]));
    localStorage.setItem('completed_steps', JSON.stringify([1, 3]));
    const { sent, handlers } = importRoutes(200, ['sign-in-to-chrome']);
    await renderDashboard({ ...handlers, 'GET /api/me': () => json({ user }) });
    await waitFor(() => expect(localStorage.getItem('completed_steps_u-import-1')).toBeNull());
    expect(localStorage.getItem('completed_steps')).toBeNull();
    expect(sent).toEqual([{ stepIds: ['sign-in-to-chrome', 'set-up-slack', 'change-password'] }]);
    expect(await screen.findByText('60%')).toBeInTheDocument();
  });

  it('is removed when the server says it was imported before (409)', async () => {
    const user = { ...testUser, id: 'u-import-3' };
    localStorage.setItem('completed_steps_u-import-3', JSON.stringify([1]));
    const { sent, handlers } = importRoutes(409);
    await renderDashboard({ ...handlers, 'GET /api/me': () => json({ user }) });
    await waitFor(() => expect(localStorage.getItem('completed_steps_u-import-3')).toBeNull());
    expect(sent).toEqual([{ stepIds: ['change-password'] }]);
  });

  it('stays for the next page load when the import fails otherwise', async () => {
    const user = { ...testUser, id: 'u-import-4' };
    localStorage.setItem('completed_steps_u-import-4', JSON.stringify([1]));
    const { sent, handlers } = importRoutes(500);
    await renderDashboard({ ...handlers, 'GET /api/me': () => json({ user }) });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(localStorage.getItem('completed_steps_u-import-4')).toBe('[1]');
  });

  it('drops an entry it cannot read and sends nothing', async () => {
    const user = { ...testUser, id: 'u-import-2' };
    localStorage.setItem('completed_steps_u-import-2', '{not json');
    const { sent, handlers } = importRoutes();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDashboard({ ...handlers, 'GET /api/me': () => json({ user }) });
    await waitFor(() => expect(localStorage.getItem('completed_steps_u-import-2')).toBeNull());
    expect(errors).toHaveBeenCalledWith('Error parsing saved progress', 'completed_steps_u-import-2');
    expect(sent).toEqual([]);
  });
});
