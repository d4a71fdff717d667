import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractYouTubeId, YOUTUBE_ID_LENGTH } from './youtube.js';

describe('extractYouTubeId (docs/product.md#step-widgets: accepted only with an 11-character id)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=8K9Gg164Bsw', '8K9Gg164Bsw'],
    ['https://youtube.com/watch?v=8K9Gg164Bsw&t=42s', '8K9Gg164Bsw'],
    ['https://m.youtube.com/watch?feature=share&v=8K9Gg164Bsw', '8K9Gg164Bsw'],
    ['https://youtu.be/8K9Gg164Bsw?si=abc', '8K9Gg164Bsw'],
    ['https://www.youtube.com/embed/8K9Gg164Bsw', '8K9Gg164Bsw'],
    ['https://www.youtube-nocookie.com/embed/8K9Gg164Bsw', '8K9Gg164Bsw'],
    ['https://www.youtube.com/shorts/a_b-C1d2E3f', 'a_b-C1d2E3f'],
    ['https://www.youtube.com/live/8K9Gg164Bsw', '8K9Gg164Bsw'],
  ])('%s → %s', (url, id) => {
    expect(extractYouTubeId(url)).toBe(id);
  });

  it.each([
    ['an id of 10 characters', 'https://www.youtube.com/watch?v=8K9Gg164Bs'],
    ['an id of 12 characters', 'https://youtu.be/8K9Gg164Bsww'],
    ['no id', 'https://www.youtube.com/watch'],
    ['another site', 'https://vimeo.com/8K9Gg164Bsw'],
    ['a look-alike host', 'https://youtube.com.example.org/watch?v=8K9Gg164Bsw'],
    ['characters outside an id', 'https://youtu.be/8K9Gg164B$w'],
    ['not a URL', 'youtube 8K9Gg164Bsw'],
  ])('gives "" for %s', (_, url) => {
    expect(extractYouTubeId(url)).toBe('');
  });

  it('returns either "" or an id of exactly 11 characters, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `https://youtu.be/${s}`),
        ),
        (url) => {
          const id = extractYouTubeId(url);
          expect(id === '' || id.length === YOUTUBE_ID_LENGTH).toBe(true);
        },
      ),
    );
  });
});
