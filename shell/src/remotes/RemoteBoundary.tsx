import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteBoundaryProps {
  remote: string;
  fallback: (retry: () => void) => ReactNode;
  /** The server could not render the page and sent the fallback: start from it, Retry included. */
  failedOnServer?: boolean;
  /** Told once per failure, before the fallback shows. */
  onError: () => void;
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteBoundaryState {
  error: Error | null;
}

/**
 * Catches whatever goes wrong inside one remote's page (not reachable, script failing, page
 * throwing while rendering) so the layout and the other remotes keep working.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = {
    error: this.props.failedOnServer ? new Error(`remote "${this.props.remote}" failed on the server`) : null,
  };

  static getDerivedStateFromError(error: Error): RemoteBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] remote "${this.props.remote}" failed`, error, info.componentStack);
    this.props.onError();
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}
