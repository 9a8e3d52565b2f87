import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** Shown when a screen throws while rendering; nothing internal is displayed. */
export function RouteError() {
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  const status = isRouteErrorResponse(error) ? error.status : null
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">
        {status ? `The page answered with an error (${status}).` : 'An unexpected error occurred. Please try again.'}
      </p>
      <div className="flex gap-3">
        <button type="button" className={buttonClasses({ variant: 'outline' })} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home} className={buttonClasses()} reloadDocument>
          Go home
        </Link>
      </div>
    </div>
  )
}
