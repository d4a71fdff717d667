/** Length of every YouTube video id (docs/product.md#step-widgets, docs/product.md#constants). */
export const YOUTUBE_ID_LENGTH = 11;

const HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'youtu.be']);
const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/u;

/**
 * The video id of a YouTube address (docs/product.md#step-widgets: a YouTube address counts only when
 * its video id is exactly 11 characters). Understands youtu.be/ID, youtube.com/watch?v=ID, /embed/ID, /shorts/ID,
 * /live/ID and /v/ID, on www., m. and youtube-nocookie.com.
 * @param url the media item's `src`
 * @returns the 11-character id, or '' when the address is not a YouTube video address or its id is not 11 characters
 */
export function extractYouTubeId(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '';
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./u, '');
  if (!HOSTS.has(host)) return '';
  const parts = parsed.pathname.split('/').filter((p) => p !== '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (parts[0] === 'watch') id = parsed.searchParams.get('v');
  else if (parts[0] !== undefined && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) id = parts[1];
  if (!id || id.length !== YOUTUBE_ID_LENGTH || !ID_CHARACTERS.test(id)) return '';
  return id;
}
