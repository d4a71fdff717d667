import { ICON_NAMES } from '@shared/content-schema';
import { User } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { STEP_ICONS, stepIconFor } from './step-icon';

describe('stepIconFor', () => {
  it('has an icon for each of the 35 icon names', () => {
    expect(ICON_NAMES).toHaveLength(35);
    for (const name of ICON_NAMES) expect(STEP_ICONS[name]).toBeTruthy();
    expect(stepIconFor('Lock')).toBe(STEP_ICONS.Lock);
  });

  it('falls back to User and warns once per unknown name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(stepIconFor('Rocket')).toBe(User);
    expect(stepIconFor('Rocket')).toBe(User);
    expect(stepIconFor('toString')).toBe(User);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"Rocket"'));
  });
});
