import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScrollRegion, revealFocused } from './scroll-region';

describe('boxes that scroll sideways', () => {
  it('bring what the keyboard reaches inside them wholly into view, the region itself too', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ScrollRegion label="Rows of the file">
          <button type="button">Fix row 3</button>
        </ScrollRegion>
        <div onFocus={revealFocused}>
          <a href="/admin/members/sam%40inspired2uplift.org">sam@inspired2uplift.org</a>
        </div>
      </>,
    );
    // jsdom lays nothing out and has no scrollIntoView: record what the browser would be asked to do.
    const asked: [string, unknown][] = [];
    for (const element of [
      screen.getByRole('region', { name: 'Rows of the file' }),
      screen.getByRole('button'),
      screen.getByRole('link'),
    ]) {
      element.scrollIntoView = vi.fn((options?: unknown) => void asked.push([element.tagName, options]));
    }
    await user.tab();
    await user.tab();
    await user.tab();
    expect(asked).toEqual([
      ['DIV', { block: 'nearest', inline: 'nearest' }],
      ['BUTTON', { block: 'nearest', inline: 'nearest' }],
      ['A', { block: 'nearest', inline: 'nearest' }],
    ]);
  });
});
