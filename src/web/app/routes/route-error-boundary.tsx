import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/**
 * Shows the route error screen in place of a screen that failed to render or whose code did not
 * arrive, and tries again when the address changes (docs/product.md#errors).
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; location: string; inFrame?: boolean },
  { error: unknown; at: string | null }
> {
  override state = { error: undefined as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: string }, state: { error: unknown; at: string | null }) {
    if (state.at === null) return { at: props.location };
    return props.location === state.at ? null : { error: undefined, at: props.location };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} inFrame={this.props.inFrame} />
    );
  }
}
