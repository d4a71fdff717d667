import { act, render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, type NavigateOptions, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  it('scrolls to the top when another page opens, not on back/forward nor when only the query changes', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    let navigate: NavigateFunction | undefined;
    function Navigator() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <ScrollToTop />
        <Navigator />
      </MemoryRouter>,
    );
    const go = (to: string, options?: NavigateOptions) => act(() => void navigate?.(to, options));
    const back = () => act(() => void navigate?.(-1));
    // The first page: the browser decides.
    expect(scrollTo).not.toHaveBeenCalled();

    go('/dashboard?preview=finance');
    expect(scrollTo).not.toHaveBeenCalled();

    go('/admin');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    go('/login', { replace: true });
    expect(scrollTo).toHaveBeenCalledTimes(2);

    back();
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
