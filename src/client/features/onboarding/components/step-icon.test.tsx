import { ICON_NAMES } from '@shared/content-schema';
import User from 'lucide-react/icons/user';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STEP_ICONS, StepIcon, stepIconFor } from './step-icon';

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

describe('StepIcon', () => {
  it("draws the brands' own marks for Chrome, Slack and Instagram, in the given colour", () => {
    for (const [name, brand] of [
      ['Chrome', 'chrome'],
      ['Slack', 'slack'],
      ['Instagram', 'instagram'],
    ] as const) {
      const { container, unmount } = render(<StepIcon name={name} className="size-5" color="#123456" />);
      const svg = container.querySelector('svg');
      expect(svg).toHaveAttribute('data-brand', brand);
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('fill', '#123456');
      expect(svg).toHaveClass('size-5');
      expect(svg?.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
      unmount();
    }
  });

  it('draws the lucide icon for every other name', () => {
    const { container } = render(<StepIcon name="Lock" />);
    expect(container.querySelector('svg')).toHaveClass('lucide-lock');
    expect(container.querySelector('svg')).not.toHaveAttribute('data-brand');
  });
});
