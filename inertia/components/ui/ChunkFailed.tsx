/*
 * A part of a page whose code is fetched on demand (the map, the charts) may not arrive: the
 * connection dropped, or a new release removed the file the open page asks for. The page says
 * so in French with a way out, instead of a blank box or, for a lazy React part, a blank page.
 */
import { Component, Suspense, type ReactNode } from 'react'

/** « Impossible de charger X » and a button that reloads the page. */
export function ChunkFailedAlert({ what, testId }: { what: string; testId?: string }) {
  return (
    <div className="alert alert-warning" role="alert" data-testid={testId ?? 'chunk-echec'}>
      Impossible de charger {what} (connexion interrompue ou nouvelle version de l’application).{' '}
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        onClick={() => window.location.reload()}
      >
        Recharger la page
      </button>
    </div>
  )
}

/** Around a React.lazy part: its failure shows ChunkFailedAlert, the rest of the page stays. */
class ChunkBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    return this.state.failed ? <ChunkFailedAlert what={this.props.what} /> : this.props.children
  }
}

/** A React.lazy part: `loading` with a spinner while its code comes, ChunkFailedAlert if not. */
export function LazyPart({
  what,
  loading,
  children,
}: {
  what: string
  loading: string
  children: ReactNode
}) {
  return (
    <ChunkBoundary what={what}>
      <Suspense
        fallback={
          <div className="text-center text-body-secondary py-5" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {loading}
          </div>
        }
      >
        {children}
      </Suspense>
    </ChunkBoundary>
  )
}
