import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A page's query (filters, page) kept in the URL, so a view can be linked, reloaded and gone Back
 * to. `read` turns the URL's parameters into the query, `write` the query into them.
 *
 * Returns the query of the URL on screen, and `change`, which goes to the URL of `change(latest)`:
 * `latest` is the query last asked for, which may not be on screen yet.
 */
export function useUrlQuery<Q>(
  read: (params: URLSearchParams) => Q,
  write: (query: Q) => URLSearchParams,
): [query: Q, change: (change: (latest: Q) => Q) => void] {
  const [params, setParams] = useSearchParams()
  const query = read(params)

  // The router renders a navigation in a transition, so a second change can come while the page
  // still renders the URL from before the first: merged into `query` it would undo the first (a
  // category chosen, then a deadline, kept only the deadline). So while a change is on its way,
  // the next merges into `latest`, the query last asked for. `asked` holds the URLs asked for and
  // not yet rendered; once none is left, or another URL comes (Back, a link), the URL on screen is
  // the query again.
  const latest = useRef<Q | null>(null)
  const asked = useRef<string[]>([])
  useEffect(() => {
    const at = asked.current.indexOf(params.toString())
    asked.current = at < 0 ? [] : asked.current.slice(at + 1)
    if (asked.current.length === 0) latest.current = null
  }, [params])

  const change = (next: (latest: Q) => Q) => {
    latest.current = next(latest.current ?? query)
    const url = write(latest.current)
    asked.current.push(url.toString())
    setParams(url)
  }
  return [query, change]
}
