import { Component, type ReactNode } from 'react';
import { ErrorPage } from '@web/components/errors/error-page';

/**
 * Shows the error screen in place of a screen that failed to render or whose code did not arrive,
 * inside the frame (`inFrame`) or on its own, and tries again when the address changes
 * (docs/product.md#errors).
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
      <ErrorPage error={this.state.error} fullHeight={!this.props.inFrame} />
    );
  }
}
