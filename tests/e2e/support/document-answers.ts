import type { Page } from '@playwright/test';
import { DOCUMENT_ANSWERS_ID } from '../../../src/shared/document-answers';

/** The element the server writes the answers into (src/shared/document-answers.ts), whole. */
const ANSWERS_ELEMENT = new RegExp(`<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">.*?</script>`, 's');

/**
 * Serves /dashboard's document without the API answers the server writes into it
 * (docs/decisions/028-dashboard-render-on-a-phone.md), so the page asks the API for them, as it does when the
 * dashboard is reached from another page of the app without a reload; a test can then hold or change those answers
 * with `page.route`.
 * @param page the page, before it goes to /dashboard
 */
export async function withoutDocumentAnswers(page: Page): Promise<void> {
  await page.route(/\/dashboard(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    return route.fulfill({ response, body: (await response.text()).replace(ANSWERS_ELEMENT, '') });
  });
}
