import { describe, expect, it } from 'vitest';
import { CONTENT_API_PATH_MESSAGE, ownOriginUrlProblem } from '../../../shared/content-schema.js';
import { createTestCatalog } from '../../test/test-app.js';
import { assetProblemOf, checkStudioCatalog } from './studio.service.js';

/**
 * Content pointing into the API through the app's own absolute address (docs/security.md#what-was-checked-and-how):
 * `https://<PUBLIC_URL host>/api/…` would be called with the viewer's session exactly like `/api/…`, so a link, a
 * media item or an easy-read picture with it is refused when a catalogue is published, in every spelling the path rule
 * refuses.
 */

const PUBLIC_URL = 'https://onboarding.example.org';
const OWN = [
  'https://onboarding.example.org/api/secrets/finance-tools',
  'https://ONBOARDING.example.org/api/secrets/finance-tools',
  'https://onboarding.example.org./api/secrets/finance-tools',
  'https://onboarding.example.org:443/api/me',
  'https://onboarding.example.org:8443/api/me',
  'https://someone@onboarding.example.org/api/me',
  'https://onboarding.example.org/%61pi/me',
  'https://onboarding.example.org/content/../api/me',
  'https://onboarding.example.org/API/me',
  'http://onboarding.example.org/api/me',
];

describe('an absolute address of the app itself', () => {
  it.each(OWN)('refuses %s like the path /api/…', (url) => {
    expect(ownOriginUrlProblem(url, PUBLIC_URL)).toBe(CONTENT_API_PATH_MESSAGE);
  });

  it.each([
    'https://onboarding.example.org/content/volunteer-agreement.pdf',
    'https://onboarding.example.org/apiary',
    'https://www.example.org/api/me',
    'https://onboarding.example.org.evil.test/api/me',
  ])('accepts %s', (url) => {
    expect(ownOriginUrlProblem(url, PUBLIC_URL)).toBeNull();
  });

  it('refuses it in a helpful link, a media item and an easy-read picture when the studio checks a catalogue', () => {
    const files = { hashes: new Set<string>(), names: new Set<string>() };
    const [address] = OWN;
    const catalog = [...createTestCatalog().values()].map((c) =>
      c.key !== 'volunteer'
        ? c
        : {
            ...c,
            scopes: c.scopes.map((s) => ({
              ...s,
              steps: s.steps.map((st, i) =>
                i !== 0
                  ? st
                  : {
                      ...st,
                      media: [{ type: 'image', src: address, alt: 'Our team' }],
                      content: { ...st.content, helpfulLinks: [{ text: 'Your account', url: address }] },
                      easyRead: [{ text: 'Open Chrome.', picture: { src: address, alt: 'Chrome' } }],
                    },
              ),
            })),
          },
    );
    const { problems } = checkStudioCatalog(catalog, assetProblemOf('content', files, PUBLIC_URL));
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['scopes[0].steps[0].media[0].src', CONTENT_API_PATH_MESSAGE],
      ['scopes[0].steps[0].content.helpfulLinks[0].url', CONTENT_API_PATH_MESSAGE],
      ['scopes[0].steps[0].easyRead[0].picture.src', CONTENT_API_PATH_MESSAGE],
    ]);
    // Without PUBLIC_URL there is no host to compare with.
    expect(checkStudioCatalog(catalog, assetProblemOf('content', files)).problems).toEqual([]);
  });
});
