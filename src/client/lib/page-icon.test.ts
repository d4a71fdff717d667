import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchStyleSheetWhenIdle, showPageIconWhenIdle } from './page-icon';

describe('showPageIconWhenIdle', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="icon"]')) link.remove();
    Reflect.deleteProperty(document, 'readyState');
    vi.useRealTimers();
  });

  it("turns the document's empty icon into the organisation's logo after the load, once the browser is idle", () => {
    vi.useFakeTimers();
    document.head.insertAdjacentHTML('beforeend', '<link rel="icon" href="data:,">');
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    showPageIconWhenIdle();
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    vi.advanceTimersByTime(5_000);
    expect(link?.getAttribute('href')).toBe('data:,');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1_500);
    expect(link?.getAttribute('href')).toBe('data:,');
    vi.advanceTimersByTime(2_500);
    expect(link?.getAttribute('href')).toBe('/content/logo.svg');
    expect(link?.type).toBe('image/svg+xml');
  });

  it('adds the icon when the page has already loaded and has none', () => {
    vi.useFakeTimers();
    showPageIconWhenIdle();
    vi.advanceTimersByTime(4_000);
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/content/logo.svg');
  });
});

describe('prefetchStyleSheetWhenIdle', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    vi.useRealTimers();
  });

  it("asks for the document's disabled style sheet as a prefetch once the page is idle, and for nothing else", () => {
    vi.useFakeTimers();
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="stylesheet" crossorigin href="/assets/styles-1.css" disabled><link rel="stylesheet" href="/assets/other-2.css">',
    );
    prefetchStyleSheetWhenIdle();
    const prefetches = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
        href: link.getAttribute('href'),
        as: link.getAttribute('as'),
        crossOrigin: link.crossOrigin,
      }));
    vi.advanceTimersByTime(1_500);
    expect(prefetches()).toEqual([]);
    vi.advanceTimersByTime(2_500);
    expect(prefetches()).toEqual([{ href: '/assets/styles-1.css', as: 'style', crossOrigin: 'anonymous' }]);
  });
});
