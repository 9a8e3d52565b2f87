import { HttpResponse } from 'msw'

// Lists answer as the Go API pages them (docs/api-contract.md, "Lists and paging"): a bare array,
// with where the rest of the list is in the Link and X-Total-Count headers.

const MAX_PER_PAGE = 100

const invalid = (field: 'page' | 'per_page', message: string) =>
  HttpResponse.json({ error: message, message, code: 'invalid', fields: { [field]: message } }, { status: 400 })

/** One Link entry: the request's path and query with page and per_page set, relative. */
function link(url: URL, page: number, perPage: number, rel: string): string {
  const target = new URL(url)
  target.searchParams.set('page', String(page))
  target.searchParams.set('per_page', String(perPage))
  return `<${target.pathname}${target.search}>; rel="${rel}"`
}

/**
 * The page of `all` that ?page= and ?per_page= ask for. `counted: false` answers like the open
 * market past its count: no X-Total-Count and no rel="last", only rel="next" while more follow.
 */
export function pagedJson<T>(all: T[], request: Request, { counted = true }: { counted?: boolean } = {}) {
  const url = new URL(request.url)
  const rawPage = url.searchParams.get('page')
  const rawPerPage = url.searchParams.get('per_page')
  const page = rawPage === null ? 1 : Number(rawPage)
  const perPage = rawPerPage === null ? MAX_PER_PAGE : Number(rawPerPage)
  if (!Number.isInteger(page) || page < 1) return invalid('page', 'page must be a whole number of at least 1')
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) return invalid('per_page', 'per_page must be between 1 and 100')

  const last = Math.max(1, Math.ceil(all.length / perPage))
  const links = [link(url, 1, perPage, 'first')]
  if (page > 1) links.push(link(url, page - 1, perPage, 'prev'))
  if (page * perPage < all.length) links.push(link(url, page + 1, perPage, 'next'))
  if (counted) links.push(link(url, last, perPage, 'last'))
  const headers: Record<string, string> = { Link: links.join(', ') }
  if (counted) headers['X-Total-Count'] = String(all.length)
  return HttpResponse.json(all.slice((page - 1) * perPage, page * perPage), { headers })
}
