import { describe, expect, it } from 'vitest';
import { failedModuleAddress } from './lazy-widgets';

describe('failedModuleAddress (a widget retried under another address)', () => {
  it("reads the module's address from Chromium's and Firefox's errors", () => {
    expect(
      failedModuleAddress(
        new TypeError(
          'Failed to fetch dynamically imported module: http://localhost:3100/assets/checklist-B7x_a-9Q.js',
        ),
      ),
    ).toBe('http://localhost:3100/assets/checklist-B7x_a-9Q.js');
    expect(
      failedModuleAddress(
        new TypeError('error loading dynamically imported module: https://onboarding.example.org/assets/media-1.js'),
      ),
    ).toBe('https://onboarding.example.org/assets/media-1.js');
  });

  it('gives nothing for an error that names no module, or for what is not an error', () => {
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleAddress('http://localhost/assets/checklist-1.js')).toBeUndefined();
  });
});
