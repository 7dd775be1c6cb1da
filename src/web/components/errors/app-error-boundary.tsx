import { Component, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface State {
  error: unknown;
  failed: boolean;
}

/** Last line of defence around the whole app: a render error shows the generic error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
