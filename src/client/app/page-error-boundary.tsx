import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorRoute } from './routes/error';

interface BoundaryProps {
  /** Changes with every navigation: a new location clears the error (as the data router's error element did). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** Shows the Error page instead of its children once one of them throws while rendering, until the location changes. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorRoute error={this.state.error} /> : this.props.children;
  }
}

/**
 * The Error page (docs/product.md#error-page) for every page: an uncaught render error, a failed read the page
 * rethrows, or a page chunk that could not be downloaded shows the Application Error page, never a blank screen.
 * Navigating (or 'Try again', which navigates to the same address) renders the pages again. Must be rendered inside the
 * router.
 * @param children the routes
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.key}>{children}</ErrorBoundary>;
}
