import { describe, expect, it } from 'vitest';
import {
  CONTENT_API_PATH_MESSAGE,
  CONTENT_URL_MESSAGE,
  contentUrlProblem,
  mediaItemSchema,
  stepSchema,
} from './content-schema.js';

/**
 * Security review (docs/security.md#what-was-checked-and-how): the content URL rule. A path must be one of this
 * site's (a browser reads `//host` and `/\host` as another site), and no link, picture, image, media item or PDF may
 * point into /api/ (an image at /api/secrets/… would reveal a shared password in every viewer's name).
 */

describe('content addresses', () => {
  it.each([
    'https://www.inspired2uplift.org/about',
    'mailto:hello@inspired2uplift.org',
    '/content/volunteer-agreement.pdf',
    '/content/images/welcome-team.svg',
    '/dashboard',
    '/apiary.png',
    '/content/api/diagram.png',
  ])('accepts %s', (url) => {
    expect(contentUrlProblem(url)).toBeNull();
  });

  it.each([
    '//evil.example/logo.png',
    '/\\evil.example/logo.png',
    '/\\/evil.example',
    '/\t/evil.example/x',
    '///evil.example/x',
    'http://example.org',
    'javascript:alert(1)',
    'content/x.png',
  ])('refuses %j as a path of this site', (url) => {
    expect(contentUrlProblem(url)).toBe(CONTENT_URL_MESSAGE);
  });

  it.each([
    '/api/secrets/get-the-finance-password',
    '/api',
    '/API/secrets/x',
    '/%61pi/secrets/x',
    '/api%2Fsecrets%2Fx',
    '/content/../api/secrets/x',
    '/content/%2E%2E/api/secrets/x',
    '/content/..%2Fapi/secrets/x',
    '/./api/admin/backups/x',
    '/api/auth/logout?x=1',
  ])('refuses %s, a path into the API', (url) => {
    expect(contentUrlProblem(url)).toBe(CONTENT_API_PATH_MESSAGE);
  });

  it('refuses an image, a media item and a link into the API in a step', () => {
    const step = {
      id: 'see-the-team',
      title: 'See the team',
      description: 'The team.',
      icon: 'Users',
      category: 'Volunteer',
      image: { src: '/api/secrets/get-the-finance-password', alt: 'Team' },
      content: { helpfulLinks: [{ text: 'Password', url: '//evil.example/api' }] },
    };
    const result = stepSchema.safeParse(step);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      `image.src: ${CONTENT_API_PATH_MESSAGE}`,
      `content.helpfulLinks.0.url: ${CONTENT_URL_MESSAGE}`,
    ]);
    expect(mediaItemSchema.safeParse({ type: 'video', src: '/%61pi/secrets/x' }).success).toBe(false);
  });
});
