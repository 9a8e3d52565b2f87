import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** Shown when a screen throws while rendering (or its chunk fails to load); nothing internal is displayed. */
function RouteError() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">An unexpected error occurred. Please try again.</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClasses({ variant: 'outline' })} onClick={() => window.location.reload()}>
          Reload
        </button>
        {/* A full load: whatever broke the screen may still be in the running app. */}
        <a href={paths.home} className={buttonClasses()}>
          Go home
        </a>
      </div>
    </div>
  )
}

type BoundaryProps = { children: ReactNode; location: string }
type BoundaryState = { failed: boolean; location: string }

/** Catches what the routes throw and shows RouteError until the location changes. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, location: this.props.location }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  // Back, or a link in the navigation bar: the next screen gets its chance.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location }
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error)
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

/** The routes' error boundary (the data router's errorElement, for declarative routes). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <Boundary location={pathname}>{children}</Boundary>
}
