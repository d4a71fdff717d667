import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The themes of docs/product.md#reading-and-display are new values for the colour shades the app uses
 * (src/client/styles/index.css, docs/decisions/043-reading-and-display-preferences.md): a shade used in a class but
 * missing from a theme would keep its light value there, e.g. light text on the dark theme's dark background.
 */

const CLIENT = path.resolve(import.meta.dirname, '..');
const CSS = readFileSync(path.join(CLIENT, 'styles', 'index.css'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every `family-shade` a Tailwind colour class of the client names (`text-slate-600`, `bg-red-50/70`, …). */
function usedShades(): Set<string> {
  const used = new Set<string>();
  const pattern =
    /\b(?:bg|text|border|ring|outline|from|via|to|fill|stroke|divide|decoration|placeholder|accent)-([a-z]+-\d{2,3})\b/g;
  for (const file of sources(CLIENT)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) used.add(match[1] as string);
  }
  return used;
}

describe('themes', () => {
  const shades = [...usedShades()].sort();

  it('finds the shades the app uses', () => {
    expect(shades).toContain('slate-600');
    expect(shades).toContain('brand-700');
  });

  it.each(shades)('gives %s a light/dark value and a high-contrast value', (shade) => {
    expect(CSS).toMatch(new RegExp(`--color-${shade}: light-dark\\(`));
    expect(CSS).toMatch(new RegExp(`--color-${shade}: (?:#[0-9a-f]{3,6}|oklch\\([^)]*\\));`));
  });
});
