import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { tabTo, waitForTakeOver } from './support/keyboard';
import { signInAs } from './support/sign-in';

/**
 * Form and quiz steps end to end (docs/product.md#form-steps, #quiz-steps), in Chromium against the built app: a
 * volunteer fills in 'Your support and access needs' with the keyboard only, saves a draft, sends it; fails the
 * safeguarding quiz once (seeing which answers were wrong and why) and passes it on the second try; their department's
 * lead reads the answers on the member page, and the read is in the audit log. One axe run per step.
 */
const ADMIN = 'admin.e2e@inspired2uplift.org';
const VOLUNTEER = 'vera.forms.e2e@inspired2uplift.org';
const LEAD = 'lee.forms-lead.e2e@inspired2uplift.org';
const FORM = 'Your support and access needs';
const QUIZ = 'Safeguarding: check what you know';

/** The admin console loads its chunks on first use: on a busy machine the first render takes more than 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

const stepCard = (page: Page, title: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('a volunteer sends the access-needs form by keyboard and passes the quiz on a second try; their lead reads the answers', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? 'http://localhost').origin;

  // The volunteer and the lead of their department (Chapters).
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  for (const [email, data] of [
    [VOLUNTEER, { role: 'volunteer', department: 'Chapters', isAdmin: false }],
    [LEAD, { role: 'chapters', department: 'Chapters', isAdmin: false, leadOf: ['Chapters'] }],
  ] as const) {
    const put = await page.request.put(`/api/admin/members/${encodeURIComponent(email)}`, {
      data,
      headers: { Origin: origin },
    });
    expect(put.status(), await put.text()).toBeLessThan(300);
  }

  // The form, keyboard only: open the step, fill in, save a draft.
  await signInAs(page, VOLUNTEER, { name: 'Vera Volunteer', baseURL });
  await page.goto('/dashboard');
  await waitForTakeOver(page);
  const form = stepCard(page, FORM);
  await form.getByRole('button', { name: FORM, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('form', { name: 'Your answers' })).toBeVisible();
  await expectNoAxeViolations(page, { state: 'dashboard, form step open' });

  await tabTo(page, form.getByLabel('What name would you like us to call you?'));
  await page.keyboard.type('Vee');
  await tabTo(page, form.getByRole('checkbox', { name: 'Captions or a transcript in video calls' }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('checkbox', { name: 'Extra time to read things or to reply' }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByLabel('Is there anything else that would help you?'));
  await page.keyboard.type('Short calls, please.');
  await tabTo(page, form.getByRole('button', { name: 'Save draft' }));
  await page.keyboard.press('Enter');
  await expect(form.getByText('Your draft was saved.')).toBeVisible();

  // The draft is kept: after a reload the answers are still there.
  await page.reload();
  await waitForTakeOver(page);
  await form.getByRole('button', { name: FORM, exact: true }).focus();
  await page.keyboard.press('Enter');
  const name = form.getByLabel('What name would you like us to call you?');
  await expect(name).toHaveValue('Vee');
  await expect(form.getByRole('checkbox', { name: 'Extra time to read things or to reply' })).toBeChecked();

  // A phone number that is no phone number is refused beside its question, and focus goes there.
  await tabTo(page, form.getByRole('radio', { name: 'A message on Slack' }));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'An e-mail' })).toBeChecked();
  await tabTo(page, form.getByLabel('Emergency contact: their name'));
  await page.keyboard.type('Pat Parent');
  await tabTo(page, form.getByLabel('Emergency contact: their phone number'));
  await page.keyboard.type('call me');
  await page.keyboard.press('Enter');
  const phone = form.getByLabel('Emergency contact: their phone number');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please change one answer.')).toBeVisible();
  await expect(form).not.toHaveAttribute('data-status', 'completed');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('555 123 4567');
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-status', 'completed');

  // The quiz: two wrong answers of four (75% needed) is no pass, and says what was wrong and why.
  const quiz = stepCard(page, QUIZ);
  await quiz.getByRole('button', { name: QUIZ, exact: true }).click();
  await quiz.getByRole('radio', { name: 'Promise to keep it a secret, so they keep trusting you.' }).check();
  await quiz.getByRole('radio', { name: 'Send your team lead a message on Slack and wait for an answer.' }).check();
  await quiz.getByRole('checkbox', { name: /^Using your INSPIRED 2 UPLIFT accounts/ }).check();
  await quiz.getByRole('checkbox', { name: /^Talking in group channels/ }).check();
  await quiz.getByRole('radio', { name: /^Tell your team lead or the Executive team, even if/ }).check();
  await quiz.getByRole('button', { name: 'Check my answers' }).click();
  const result = quiz.getByRole('heading', { level: 4, name: /^Not passed yet/ });
  await expect(result).toHaveText('Not passed yet: 2 of 4 right (you need 75%).');
  await expect(result).toBeFocused();
  await expect(quiz.getByText('Not quite.')).toHaveCount(2);
  await expect(
    quiz.getByText(/^Promise to keep it a secret, so they keep trusting you\.: not right\. You can't promise/),
  ).toBeVisible();
  await expect(quiz).not.toHaveAttribute('data-status', 'completed');
  await expectNoAxeViolations(page, { state: 'dashboard, quiz step after a failed try' });

  await quiz.getByRole('radio', { name: /^Listen, stay calm/ }).check();
  await quiz.getByRole('radio', { name: /^Call the emergency number/ }).check();
  await quiz.getByRole('button', { name: 'Check my answers' }).click();
  await expect(quiz).toHaveAttribute('data-status', 'completed');

  // The lead of Chapters reads the answers, sensitive ones included.
  await signInAs(page, LEAD, { name: 'Lee Lead', baseURL });
  await page.goto(`/admin/members/${encodeURIComponent(VOLUNTEER)}`);
  await page.getByRole('button', { name: 'Show answers' }).click();
  const answers = page.getByRole('article', { name: FORM });
  await expect(answers).toContainText('Vee');
  await expect(answers).toContainText('Captions or a transcript in video calls');
  await expect(answers).toContainText('555 123 4567');
  await expect(answers.getByText('Sensitive', { exact: true }).first()).toBeVisible();

  // That read is in the audit log.
  await signInAs(page, ADMIN, { name: 'Alex Admin', baseURL });
  const audit = await page.request.get('/api/admin/audit?kind=answers-read');
  expect(audit.status()).toBe(200);
  const { items } = (await audit.json()) as { items: { actorEmail: string; subject: string; outcome: string }[] };
  expect(items).toContainEqual(expect.objectContaining({ actorEmail: LEAD, subject: VOLUNTEER, outcome: 'allowed' }));
});
