import type { RoleConfiguration } from '@shared/content-schema';
import type { StudioDraft, StudioState, StudioVersion } from '@shared/studio-api';
import { applyDraftPatch, type DraftPatch } from '@shared/studio-patch';
import { safeguardingQuiz } from '@shared/test-quiz';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newRole, newStep } from '@/features/studio/utils/catalog-edits';
import { testUser } from '@/test/fixtures';
import { json, renderApp, type Handler } from '@/test/render-app';

const admin = { ...testUser, isAdmin: true };

function volunteer(): RoleConfiguration {
  const role = newRole('volunteer', 'Volunteer');
  role.colors = { baseColor: '#15803d' };
  role.aliases = ['vol'];
  role.scopes = [
    {
      id: 'getting-started',
      title: 'Getting started',
      include: [],
      steps: [
        {
          ...newStep('set-up-slack', 'Volunteer'),
          title: 'Set up Slack',
          description: 'Join our Slack workspace.',
          icon: 'Slack',
          content: {
            ...newStep('x', 'Volunteer').content,
            tasks: ['Open the invitation e-mail', 'Pick a profile photo'],
          },
        },
        {
          ...newStep('download-apps', 'Volunteer'),
          title: 'Download the mobile apps',
          description: 'Get Slack and Google Drive on your phone.',
          icon: 'Smartphone',
        },
      ],
    },
  ];
  return role;
}

function finance(): RoleConfiguration {
  const role = newRole('finance', 'Finance');
  role.isDepartment = true;
  role.inherits = ['volunteer'];
  role.scopes = [{ id: 'pre-meeting', title: 'Before your first meeting', include: ['volunteer'], steps: [] }];
  return role;
}

function published(version = 3): StudioVersion {
  return {
    version,
    kind: 'publish',
    restoredFrom: null,
    materialChanges: [],
    note: null,
    at: '2026-11-20T10:00:00.000Z',
    by: 'alex@inspired2uplift.org',
    catalog: [finance(), volunteer()],
  };
}

/** A small in-memory stand-in for the studio routes: the draft is kept and its `updatedAt` checked like the server. */
function studioServer(
  options: {
    draft?: StudioDraft | null;
    onSave?: (body: { catalog: unknown[]; baseUpdatedAt: string | null }) => Response | undefined;
  } = {},
) {
  let draft: StudioDraft | null = options.draft ?? null;
  let clock = 0;
  const saves: { catalog: RoleConfiguration[]; baseUpdatedAt: string | null }[] = [];
  const handlers: Record<string, Handler> = {
    'GET /api/me': () => json({ user: admin }),
    'GET /api/studio': () => json({ published: published(), draft } satisfies StudioState),
    'GET /api/studio/assets': () => json({ assets: [] }),
    'GET /api/studio/usage': () =>
      json({
        roles: [
          { key: 'volunteer', members: 12 },
          { key: 'finance', members: 0 },
        ],
      }),
    // The studio saves the roles that changed (docs/decisions/041-studio-saves-what-changed.md); the stand-in applies
    // the patch with the shared function, as the server does, and records the whole draft it makes.
    'PATCH /api/studio/draft': ({ body }) => {
      const patch = body as DraftPatch;
      const made = applyDraftPatch(draft?.catalog ?? published().catalog, patch);
      if ('problem' in made)
        return json({ statusCode: 422, error: 'Unprocessable Entity', message: made.problem }, 422);
      return save({ catalog: made.catalog as RoleConfiguration[], baseUpdatedAt: patch.baseUpdatedAt });
    },
    'PUT /api/studio/draft': ({ body }) => save(body as { catalog: RoleConfiguration[]; baseUpdatedAt: string | null }),
  };
  function save(request: { catalog: RoleConfiguration[]; baseUpdatedAt: string | null }): Response {
    saves.push(request);
    const refused = options.onSave?.(request);
    if (refused) return refused;
    clock += 1;
    draft = {
      catalog: request.catalog,
      baseVersion: 3,
      updatedAt: `2026-11-24T21:00:0${clock}.000Z`,
      updatedBy: admin.email,
      problems: [],
    };
    return json({ draft });
  }
  return { handlers, saves };
}

async function openVolunteerStep(user: ReturnType<typeof renderApp>['user'], title: string) {
  await screen.findByRole('heading', { level: 2, name: 'Content studio' });
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return screen.findByLabelText('Title');
}

describe('content studio', () => {
  it('lists the roles with their inheritance and opens the volunteer role with its steps in order', async () => {
    const server = studioServer();
    renderApp('/admin/studio', server.handlers);
    const roles = await screen.findByRole('navigation', { name: 'Roles' }, { timeout: 10_000 });
    expect(
      within(roles).getByRole('button', {
        name: /Finance.*A department\. Finance members also see every Volunteer step, and count as Volunteer for shared passwords\./u,
      }),
    ).toBeInTheDocument();
    expect(within(roles).getByRole('button', { name: /^Volunteer/u })).toHaveAttribute('aria-current', 'true');
    const list = screen.getByRole('list', { name: 'Steps of Getting started' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/^(Set up Slack|Download the mobile apps)$/u).textContent),
    ).toEqual(['Set up Slack', 'Download the mobile apps']);
    // A row names its step by title and category; the step's id is only under 'Advanced' in its form.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Set up SlackVolunteer/u);
    expect(list).not.toHaveTextContent(/set-up-slack|download-apps/u);
    expect(screen.getByText('No draft: you are looking at the published version.')).toBeInTheDocument();
    // The count comes with an answer of its own: on a loaded machine (the first test of the file also waits for the
    // studio's code) it has taken more than the usual 5 s.
    expect(await screen.findByText('12 members', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete role' })).toBeDisabled();
  }, 15_000);

  it('validates a step field by field with the shared schema and autosaves the draft', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    const title = await openVolunteerStep(user, 'Set up Slack');
    expect(title).toHaveFocus();
    await user.clear(title);
    expect(await screen.findByText('Write something here: it cannot be empty.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'Join Slack');
    expect(title).toHaveAttribute('aria-invalid', 'false');

    // The id is made from the title and kept under 'Advanced'.
    await user.click(screen.getByText('Advanced', { selector: 'summary' }));
    const id = screen.getByLabelText('Id');
    await user.clear(id);
    await user.type(id, 'Join Slack');
    expect(
      await screen.findByText('This must be lower-case words joined by "-", e.g. "set-up-slack".'),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'download-apps');
    expect(
      await screen.findByText(/The id "download-apps" is also used by ‘Download the mobile apps’ of Volunteer/u),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'set-up-slack');

    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeInTheDocument();
    const last = server.saves.at(-1);
    const step = last?.catalog.find((r) => r.key === 'volunteer')?.scopes[0]?.steps[0];
    expect(step).toMatchObject({ id: 'set-up-slack', title: 'Join Slack' });
    // The first save starts the draft (no draft before); a later one is made to the draft the one before stored.
    expect(server.saves[0]?.baseUpdatedAt).toBeNull();
  }, 20_000);

  it('shows the step in the member’s own step card, at computer and phone width', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    const title = await openVolunteerStep(user, 'Set up Slack');
    const frame = await screen.findByTitle('Preview of Set up Slack at computer width');
    const body = () => (screen.getByTitle(/^Preview of/u) as HTMLIFrameElement).contentDocument?.body as HTMLElement;
    await waitFor(() =>
      expect(within(body()).getByRole('heading', { level: 3, name: /Set up Slack/u })).toBeInTheDocument(),
    );
    expect(within(body()).getByText('Open the invitation e-mail')).toBeInTheDocument();
    expect(within(body()).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    await user.type(title, ' today');
    expect(screen.getByRole('button', { name: 'All steps of Volunteer' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(body()).getByRole('heading', { level: 3, name: /Set up Slack today/u })).toBeInTheDocument(),
    );
    expect(frame).toHaveStyle({ width: '800px' });

    await user.click(screen.getByRole('button', { name: 'Phone' }));
    expect(await screen.findByTitle('Preview of Set up Slack today at phone width')).toHaveStyle({ width: '390px' });
    await waitFor(() => expect(within(body()).getByRole('button', { name: 'Done' })).toBeInTheDocument());
  }, 15_000);

  it('says who changed the draft meanwhile on a 409, and loads their version on request', async () => {
    const theirs: StudioDraft = {
      catalog: [finance(), { ...volunteer(), displayName: 'Volunteers' }],
      baseVersion: 3,
      updatedAt: '2026-11-24T21:05:00.000Z',
      updatedBy: 'sam@inspired2uplift.org',
      problems: [],
    };
    const server = studioServer({
      onSave: () => json({ error: 'Conflict', message: 'Someone else saved the draft.', draft: theirs }, 409),
    });
    const { user } = renderApp('/admin/studio', server.handlers);
    const title = await openVolunteerStep(user, 'Set up Slack');
    await user.type(title, '!');
    const alert = await screen.findByText(
      /sam@inspired2uplift.org saved the draft at .* while you were editing/u,
      {},
      { timeout: 5000 },
    );
    expect(alert.closest('[role="alert"]')).toHaveTextContent('They changed: Volunteers: changed its settings.');
    expect(screen.getByText('Not saved: someone else changed the draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load their version' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Set up Slack');
    expect(screen.getByRole('button', { name: /^Volunteers/u })).toBeInTheDocument();
    expect(screen.queryByText(/while you were editing/u)).toBeNull();
    // The step form renders every section (with 'Form or quiz' since the studio edits questions): as its neighbours,
    // more than the default 5 s on a busy machine.
  }, 15_000);

  it('lists every problem before publishing, and a problem’s link focuses its field', async () => {
    const draftCatalog = [finance(), volunteer()];
    const broken = draftCatalog[1]?.scopes[0]?.steps[1];
    if (broken) broken.title = '';
    const server = studioServer({
      draft: {
        catalog: draftCatalog,
        baseVersion: 3,
        updatedAt: '2026-11-24T20:00:00.000Z',
        updatedBy: admin.email,
        problems: [],
      },
    });
    const { user } = renderApp('/admin/studio', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const list = await screen.findByRole('heading', { name: '1 problem to fix before publishing' });
    await waitFor(() => expect(list).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Volunteer › Getting started › title' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(/Write something here/u);
  });

  it('checks a role colour’s contrast as it is typed', async () => {
    const server = studioServer();
    renderApp('/admin/studio', server.handlers);
    const base = await screen.findByLabelText('Base colour');
    expect(screen.getByText(/Readable: white text reaches 5\.0:1/u)).toBeInTheDocument();
    fireEvent.change(base, { target: { value: '#7dd3fc' } });
    expect(await screen.findByText(/Readable: dark text reaches/u)).toBeInTheDocument();
    fireEvent.change(base, { target: { value: '#ef4444' } });
    expect(await screen.findByText(/Hard to read: white text reaches only 3\.8:1/u)).toBeInTheDocument();
    await act(async () => {});
  });

  it('asks which changed agreements are material, and confirms removals members completed before publishing', async () => {
    const base = [finance(), volunteer()];
    const agreement = {
      ...newStep('code-of-conduct', 'Volunteer'),
      title: 'Agree to the code of conduct',
      isAcknowledgmentStep: true,
      content: {
        ...newStep('x', 'Volunteer').content,
        acknowledgments: [{ id: 'respect', content: 'I treat everyone with respect.' }],
      },
    };
    base[1]?.scopes[0]?.steps.push(agreement);
    const changed = structuredClone(base);
    const ack = changed[1]?.scopes[0]?.steps[2];
    if (ack)
      ack.content.acknowledgments = [{ id: 'respect', content: 'I treat everyone with respect, online and offline.' }];
    changed[1]?.scopes[0]?.steps.splice(1, 1);
    const server = studioServer({
      draft: {
        catalog: changed,
        baseVersion: 3,
        updatedAt: '2026-11-24T20:00:00.000Z',
        updatedBy: admin.email,
        problems: [],
      },
    });
    const publishes: unknown[] = [];
    const { user } = renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/studio': () =>
        json({
          published: { ...published(), catalog: base },
          draft: {
            catalog: changed,
            baseVersion: 3,
            updatedAt: '2026-11-24T20:00:00.000Z',
            updatedBy: admin.email,
            problems: [],
          },
        }),
      'POST /api/studio/publish': ({ body }) => {
        publishes.push(body);
        if (publishes.length === 1) {
          return json(
            {
              error: 'Conflict',
              message: 'This removes 1 step(s)…',
              removals: [
                {
                  stepId: 'download-apps',
                  itemId: null,
                  role: 'volunteer',
                  roleName: 'Volunteer',
                  title: 'Download the mobile apps',
                  completedBy: 4,
                },
              ],
            },
            409,
          );
        }
        return json({ version: { ...published(4), catalog: undefined } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish these changes?' });
    // What changed, in sentences, with the words that changed marked.
    const changes = within(dialog).getByRole('list', { name: 'What changed' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      'Changed the acknowledgments of ‘Agree to the code of conduct’ (Volunteer).',
      'Removed the step ‘Download the mobile apps’ from Volunteer.',
    ]);
    expect([...changes.querySelectorAll('ins')].map((e) => e.textContent).join('')).toContain('online and offline');
    expect(dialog).toHaveTextContent('You removed ‘Download the mobile apps’');
    await user.click(
      within(dialog).getByLabelText('Material change to ‘Agree to the code of conduct’: members agree again'),
    );
    await user.type(within(dialog).getByLabelText('What changed (optional)'), 'Respect applies online too.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Members completed what you remove' });
    expect(confirm).toHaveTextContent('‘Download the mobile apps’ (Volunteer): completed by 4 members');
    await user.click(within(confirm).getByRole('button', { name: 'Publish anyway' }));
    expect(
      await screen.findByText('Published version 4. Members see it from their next page load.'),
    ).toBeInTheDocument();
    expect(publishes).toEqual([
      { materialChanges: ['code-of-conduct'], note: 'Respect applies online too.' },
      { materialChanges: ['code-of-conduct'], note: 'Respect applies online too.', confirmRemovals: true },
    ]);
  }, 20_000);

  it('names the members who must take a quiz again when its questions change', async () => {
    const base = [finance(), volunteer()];
    base[1]?.scopes[0]?.steps.push({
      ...newStep('safeguarding', 'Volunteer'),
      title: 'Safeguarding quiz',
      quiz: safeguardingQuiz('unlimited'),
    });
    const changed = structuredClone(base);
    const quiz = changed[1]?.scopes[0]?.steps[2]?.quiz;
    if (quiz) quiz.questions = quiz.questions.map((q) => ({ ...q, text: 'Who do you tell first?' }));
    const draft = {
      catalog: changed,
      baseVersion: 3,
      updatedAt: '2026-11-24T20:00:00.000Z',
      updatedBy: admin.email,
      problems: [],
    };
    const server = studioServer({ draft });
    renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/studio': () => json({ published: { ...published(), catalog: base }, draft }),
      'GET /api/studio/retakes': () =>
        json({
          steps: [
            {
              stepId: 'safeguarding',
              title: 'Safeguarding quiz',
              members: [
                { email: 'ann@inspired2uplift.org', name: 'Ann Lee' },
                { email: 'bo@inspired2uplift.org', name: '' },
              ],
            },
          ],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish these changes?' });
    expect(
      await within(dialog).findByText(
        'The questions of ‘Safeguarding quiz’ changed, so these 2 members must take the quiz again (their earlier answers are kept): Ann Lee, bo@inspired2uplift.org.',
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('keep their pass');
  }, 20_000);

  it("shows the server's refusal when an editor's publish changes who may see a shared password", async () => {
    const changed = [finance(), volunteer()];
    changed[1]?.scopes[0]?.steps.push({
      ...newStep('team-tools', 'Volunteer'),
      title: 'Team tools',
      envVariable: { name: 'FINANCE_PASS', requiredRole: ['*'] },
    });
    const draft = {
      catalog: changed,
      baseVersion: 3,
      updatedAt: '2026-11-24T20:00:00.000Z',
      updatedBy: admin.email,
      problems: [],
    };
    const server = studioServer({ draft });
    const refusal =
      'Only an admin can change who may see a shared password or which role people belong to. Ask an admin to make this change; nothing was published. What needs an admin: role "volunteer": shared password of step "team-tools".';
    const { user } = renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/me': () => json({ user: { ...testUser, isAdmin: false, isEditor: true } }),
      'GET /api/studio': () => json({ published: published(), draft } satisfies StudioState),
      'POST /api/studio/publish': () =>
        json(
          {
            statusCode: 403,
            error: 'Forbidden',
            message: refusal,
            changes: ['role "volunteer": shared password of step "team-tools"'],
          },
          403,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish these changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByText(/^Published version/u)).toBeNull();
  }, 20_000);

  it('lists in the publish dialog the people the publish would move, as the server works them out', async () => {
    const changed = [{ ...finance(), key: 'director of finance and operations', renamedFrom: 'finance' }, volunteer()];
    const draft = {
      catalog: changed,
      baseVersion: 3,
      updatedAt: '2026-11-24T20:00:00.000Z',
      updatedBy: admin.email,
      problems: [],
    };
    const moves = [
      '1 person would move from Finance to HR: dana@inspired2uplift.org.',
      '1 person could see the shared password HR_PASS: dana@inspired2uplift.org.',
    ];
    const server = studioServer({ draft });
    const { user } = renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/studio': () => json({ published: published(), draft } satisfies StudioState),
      'GET /api/studio/access': () => json({ changes: moves }),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish these changes?' });
    const list = await within(dialog).findByRole('region', { name: 'Who this changes: only an admin can publish it' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(moves);
  }, 20_000);

  it('moves a step with single clicks on its Move up and Move down buttons, no dragging needed', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    const list = await screen.findByRole('list', { name: 'Steps of Getting started' });
    const order = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/^(Set up Slack|Download the mobile apps)$/u).textContent);
    expect(within(list).getByRole('button', { name: 'Move Set up Slack up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move Download the mobile apps down' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Move Set up Slack down' }));
    expect(order()).toEqual(['Download the mobile apps', 'Set up Slack']);
    expect(screen.getByText('Moved Set up Slack to place 2 of 2.')).toHaveAttribute('role', 'status');
    // At the bottom its 'Move down' is disabled: the focus goes to its 'Move up', not to the page.
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move Set up Slack up' })).toHaveFocus());
    await waitFor(
      () =>
        expect(
          server.saves
            .at(-1)
            ?.catalog.find((r) => r.key === 'volunteer')
            ?.scopes.find((scope) => scope.title === 'Getting started')
            ?.steps.map((t) => t.id),
        ).toEqual(['download-apps', 'set-up-slack']),
      { timeout: 3000 },
    );

    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Set up Slack', 'Download the mobile apps']);
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move Set up Slack down' })).toHaveFocus());
  }, 20_000);

  it('removes a step after a confirmation, and deletes a role no member has', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    await user.click(await screen.findByRole('button', { name: 'Remove Download the mobile apps' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove ‘Download the mobile apps’?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove step' }));
    expect(screen.queryByRole('button', { name: 'Edit Download the mobile apps' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Getting started' })).toHaveFocus());

    const roles = screen.getByRole('navigation', { name: 'Roles' });
    await user.click(within(roles).getByRole('button', { name: /^Finance/u }));
    expect(await screen.findByText('0 members')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete role' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete the role Finance?' })).getByRole('button', {
        name: 'Delete role',
      }),
    );
    expect(within(roles).queryByRole('button', { name: /^Finance/u })).toBeNull();
    await waitFor(() => expect(server.saves.at(-1)?.catalog.map((r) => r.key)).toEqual(['volunteer']), {
      timeout: 3000,
    });
    expect(server.saves.at(-1)?.catalog[0]?.scopes[0]?.steps.map((t) => t.id)).toEqual(['set-up-slack']);
  }, 20_000);

  it('edits a role’s team tasks in plain words with a preview, and says how many open tasks a publish changes', async () => {
    const base = [finance(), volunteer()];
    base[1]!.teamTasks = [
      { id: 'book-welcome-call', title: 'Book a welcome call', description: 'Book it.', who: 'lead', dueAfterDays: 5 },
    ];
    const server = studioServer();
    const { user } = renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/studio': () =>
        json({ published: { ...published(), catalog: base }, draft: null } satisfies StudioState),
      // Open tasks by the role and task they come from: only the changed task's count is said.
      'GET /api/studio/team-tasks': () =>
        json({
          tasks: [
            { roleKey: 'finance', taskId: 'book-welcome-call', open: 40 },
            { roleKey: 'volunteer', taskId: 'book-welcome-call', open: 7 },
          ],
        }),
    });
    await screen.findByRole('navigation', { name: 'Roles' }, { timeout: 5000 });
    const tasks = screen.getByRole('region', { name: 'Team tasks' });
    expect(
      within(tasks).getByText('Due 5 days after the start date, done by the lead(s) of the newcomer’s department.'),
    ).toBeInTheDocument();
    // The preview is the task as "My tasks" shows it.
    expect(within(tasks).getByRole('heading', { level: 4, name: 'Book a welcome call' })).toBeInTheDocument();
    expect(within(tasks).getByText('Who: Lead: the department’s lead(s)')).toBeInTheDocument();
    // The id is not on screen but under 'Advanced'.
    expect(within(tasks).getByLabelText('Task id').closest('details')?.open).toBe(false);

    await user.selectOptions(within(tasks).getByLabelText('Who does it'), 'The newcomer’s buddy');
    await user.selectOptions(within(tasks).getByLabelText('Before or after'), 'before the start date');
    fireEvent.change(within(tasks).getByLabelText('Days'), { target: { value: '2' } });
    await user.click(within(tasks).getByLabelText(/It is a meeting with the newcomer/u));
    expect(
      within(tasks).getByText('Due 2 days before the start date, done by the newcomer’s buddy.'),
    ).toBeInTheDocument();
    expect(within(tasks).getByText('Who: Buddy: the newcomer’s buddy')).toBeInTheDocument();
    expect(within(tasks).getByText('Meeting')).toBeInTheDocument();
    // Checked with the shared schema, field by field.
    const description = within(tasks).getByLabelText('What to do');
    fireEvent.change(description, { target: { value: '' } });
    expect(await within(tasks).findByText('Write something here: it cannot be empty.')).toBeInTheDocument();
    fireEvent.change(description, { target: { value: 'Book a video call.' } });

    // A new task takes its id from its title; named members are e-mail addresses.
    await user.click(within(tasks).getByRole('button', { name: 'Add team task' }));
    const title = within(tasks).getAllByLabelText('Title')[1]!;
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.change(title, { target: { value: 'Create the account' } });
    expect(within(tasks).getAllByLabelText('Task id')[1]).toHaveValue('create-the-account');
    await user.selectOptions(within(tasks).getAllByLabelText('Who does it')[1]!, 'Members I name');
    fireEvent.change(within(tasks).getByLabelText('E-mail address 1'), { target: { value: 'it@inspired2uplift.org' } });
    fireEvent.change(within(tasks).getAllByLabelText('What to do')[1]!, {
      target: { value: 'Create the Google account.' },
    });

    await waitFor(
      () =>
        expect(server.saves.at(-1)?.catalog.find((r) => r.key === 'volunteer')?.teamTasks).toEqual([
          {
            id: 'book-welcome-call',
            title: 'Book a welcome call',
            description: 'Book a video call.',
            who: 'buddy',
            dueAfterDays: -2,
            appointment: true,
          },
          {
            id: 'create-the-account',
            title: 'Create the account',
            description: 'Create the Google account.',
            who: { members: ['it@inspired2uplift.org'] },
            dueAfterDays: 0,
          },
        ]),
      { timeout: 5000 },
    );

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish these changes?' });
    expect(dialog).toHaveTextContent(
      'Added the team task ‘Create the account’ to Volunteer: done by it@inspired2uplift.org, due on the start date.',
    );
    expect(dialog).toHaveTextContent(
      'Team tasks not yet done follow this change; tasks already done stay as they were.',
    );
    expect(
      await within(dialog).findByText('This changes 7 open team tasks (tasks already done stay as they were).'),
    ).toBeInTheDocument();
  }, 30_000);

  it('shows a role’s key only under Advanced, and names the roles it counts as by their names, in a sentence', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    const roles = await screen.findByRole('navigation', { name: 'Roles' });
    await user.click(within(roles).getByRole('button', { name: /^Finance/u }));
    const settings = await screen.findByRole('region', { name: 'Role settings' });
    const key = within(settings).getByLabelText('Key');
    // Folded away: the key is in a closed 'Advanced' section.
    const advanced = key.closest('details');
    expect(advanced).not.toBeNull();
    expect(advanced?.open).toBe(false);
    expect(within(advanced as HTMLElement).getByText('Advanced')).toBeInTheDocument();
    expect(within(settings).getByRole('checkbox', { name: 'Volunteer' })).toBeChecked();
    expect(within(settings).queryByRole('checkbox', { name: 'volunteer' })).toBeNull();
    expect(within(settings).getByText('Finance members count as Volunteer for shared passwords.')).toBeInTheDocument();
    expect(within(settings).getByRole('option', { name: 'Volunteer' })).toBeInTheDocument();
  }, 20_000);

  it('chooses the steps a scope also shows by role name, says it in words, and heads a scope with who sees it', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    // Volunteer's scope is shown to Volunteer members and to Finance members (their scope includes it).
    const gettingStarted = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(gettingStarted).getByText('Shown to: Volunteer, Finance')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Scope:/u })).toBeNull();

    const roles = screen.getByRole('navigation', { name: 'Roles' });
    await user.click(within(roles).getByRole('button', { name: /^Finance/u }));
    const scope = await screen.findByRole('region', { name: 'Before your first meeting' });
    expect(within(scope).getByText('Shown to: Finance')).toBeInTheDocument();
    await user.click(within(scope).getByText('Scope settings'));
    // Chosen, not typed: a box per role, named by its display name; no role key to type.
    expect(within(scope).queryByRole('textbox', { name: /^Include/u })).toBeNull();
    const every = within(scope).getByRole('checkbox', { name: 'Every Volunteer step' });
    expect(every).toBeChecked();
    expect(
      within(scope).getByText('Finance members also see every Volunteer step here, before this scope’s own steps.'),
    ).toBeInTheDocument();
    await user.click(every);
    expect(within(scope).getByText('Finance members see only this scope’s own steps here.')).toBeInTheDocument();
    await waitFor(
      () => expect(server.saves.at(-1)?.catalog.find((r) => r.key === 'finance')?.scopes[0]?.include).toEqual([]),
      { timeout: 3000 },
    );
    await user.click(every);
    await waitFor(
      () =>
        expect(server.saves.at(-1)?.catalog.find((r) => r.key === 'finance')?.scopes[0]?.include).toEqual([
          'volunteer',
        ]),
      { timeout: 3000 },
    );
  }, 20_000);

  it('makes a new scope’s id and a new role’s key from their names, and shows them only under Advanced', async () => {
    const server = studioServer();
    const { user } = renderApp('/admin/studio', server.handlers);
    const roles = await screen.findByRole('navigation', { name: 'Roles' });
    await user.click(within(roles).getByRole('button', { name: /^Finance/u }));
    await user.click(await screen.findByRole('button', { name: 'Add a scope' }));
    const added = await screen.findByRole('region', { name: 'New scope' });
    await user.click(within(added).getByText('Scope settings'));
    const scopeId = within(added).getByLabelText('Scope id');
    expect(scopeId.closest('details')?.open).toBe(false);
    expect(scopeId).toHaveValue('new-scope');
    const scopeTitle = within(added).getByLabelText('Scope title');
    await user.clear(scopeTitle);
    await user.type(scopeTitle, 'During the call');
    expect(scopeId).toHaveValue('during-the-call');
    // A published scope keeps its id when its title changes.
    const published = screen.getByRole('region', { name: 'Before your first meeting' });
    await user.click(within(published).getByText('Scope settings'));
    const publishedTitle = within(published).getByLabelText('Scope title');
    await user.type(publishedTitle, ' (part one)');
    expect(within(published).getByLabelText('Scope id')).toHaveValue('pre-meeting');

    await user.click(within(roles).getByRole('button', { name: 'New role' }));
    const settings = await screen.findByRole('region', { name: 'Role settings' });
    const name = within(settings).getByLabelText('Display name');
    await waitFor(() => expect(name).toHaveFocus());
    const key = within(settings).getByLabelText('Key');
    expect(key.closest('details')?.open).toBe(false);
    expect(key).toHaveValue('new role');
    await user.clear(name);
    await user.type(name, 'Blog Writer');
    expect(key).toHaveValue('blog writer');
    // Unique: a second role named like an existing one gets a letter added.
    await user.click(within(roles).getByRole('button', { name: 'New role' }));
    const second = within(await screen.findByRole('region', { name: 'Role settings' })).getByLabelText('Display name');
    await user.clear(second);
    await user.type(second, 'Finance');
    expect(within(screen.getByRole('region', { name: 'Role settings' })).getByLabelText('Key')).toHaveValue(
      'finance b',
    );
    await waitFor(
      () => {
        const saved = server.saves.at(-1)?.catalog;
        expect(saved?.map((r) => r.key)).toEqual(['finance', 'volunteer', 'blog writer', 'finance b']);
        expect(saved?.[0]?.scopes.map((s) => s.id)).toEqual(['pre-meeting', 'during-the-call']);
      },
      { timeout: 3000 },
    );
  }, 30_000);

  it('compares two versions in the History tab as sentences, with the changed words marked, and no YAML or ids', async () => {
    const server = studioServer();
    const older = published(2);
    const newer = { ...published(3), materialChanges: ['set-up-slack', 'a-removed-step'] };
    const slack = newer.catalog[1]?.scopes[0]?.steps[0];
    if (!slack) throw new Error('the stand-in has no Set up Slack step');
    slack.description = 'Join our Slack workspace today.';
    const summary = ({ catalog: _c, ...rest }: StudioVersion) => rest;
    const { user } = renderApp('/admin/studio?tab=history', {
      ...server.handlers,
      'GET /api/studio/versions': () => json({ versions: [summary(newer), summary(older)] }),
      'GET /api/studio/versions/2': () => json(older),
      'GET /api/studio/versions/3': () => json(newer),
    });
    const changes = await screen.findByRole('list', { name: 'Changes from version 2 to 3' });
    const sentence = within(changes).getByRole('listitem');
    expect(sentence).toHaveTextContent(/^Changed the description of ‘Set up Slack’ \(Volunteer\)\./u);
    expect(within(sentence).getByText('today', { exact: false }).closest('ins')).not.toBeNull();
    expect(changes.querySelector('pre')).toBeNull();
    expect(changes).not.toHaveTextContent(/description:/u);
    // A material change names its steps by title, never by id.
    expect(await screen.findByText('Members agree again: ‘Set up Slack’, a step since removed')).toBeInTheDocument();
    expect(screen.queryByText(/set-up-slack|a-removed-step/u)).toBeNull();
    await user.selectOptions(screen.getByLabelText('From'), '3');
    expect(await screen.findByText('Choose two different versions.')).toBeInTheDocument();
  }, 20_000);

  it('tells a member who is neither admin nor editor that the studio is not for them', async () => {
    renderApp('/admin/studio', { 'GET /api/me': () => json({ user: { ...testUser, isAdmin: false } }) });
    expect(await screen.findByText('Only admins and content editors can open the content studio.')).toBeInTheDocument();
  });

  it('opens for a content editor', async () => {
    const server = studioServer();
    renderApp('/admin/studio', {
      ...server.handlers,
      'GET /api/me': () => json({ user: { ...testUser, isAdmin: false, isEditor: true } }),
    });
    expect(await screen.findByRole('navigation', { name: 'Roles' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Content studio' })).toHaveAttribute('href', '/admin/studio');
    expect(within(header).queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
