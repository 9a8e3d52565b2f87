import { paths } from '@/config/paths'
import type { components } from '@/types/api.gen'
import type { TaskQuery, TaskSource } from '@/types/tasks'
import { labelOf } from './constants'

// A saved search is the tasks page's filter kept under a name (docs/api-contract.md, "Saved
// searches"). The tasks page names the deadline `deadline`, the API `deadlineBefore`; this file is
// the one place that maps between them, both ways.

export type SavedSearch = components['schemas']['SavedSearch']

/** POST /api/student/saved-searches: the name and the filter; an empty filter value means "any". */
export type SaveSearchInput = Pick<SavedSearch, 'name' | 'search' | 'category' | 'skills' | 'deadlineBefore' | 'source' | 'paid'>

/** The filters of a tasks-page query as a saved search keeps them (sort and page are not filters). */
export function savedFiltersOf(query: TaskQuery): Omit<SaveSearchInput, 'name'> {
  return {
    search: query.search?.trim() ?? '',
    category: query.category ?? '',
    // The tasks page has no skills filter (GET /api/tasks takes none); its search words cover skills.
    skills: [],
    deadlineBefore: query.deadline ?? '',
    source: query.source ?? '',
    paid: query.paid === 'true',
  }
}

/** What of a saved search the tasks page can show (paid is optional: rows listed before it was kept). */
type SavedFilters = Pick<SavedSearch, 'search' | 'category' | 'deadlineBefore' | 'source'> & { paid?: boolean }

/** The tasks-page query that shows a saved search's tasks (skills are not a filter of that page). */
export function taskQueryOf(saved: SavedFilters): TaskQuery {
  const query: TaskQuery = {}
  if (saved.search) query.search = saved.search
  if (saved.category) query.category = saved.category
  if (saved.deadlineBefore) query.deadline = saved.deadlineBefore
  if (saved.source) query.source = saved.source as TaskSource
  if (saved.paid) query.paid = 'true'
  return query
}

/** "/tasks?search=react&category=web-development": the tasks page with a saved search applied. */
export function tasksPathOf(saved: SavedFilters): string {
  const params = new URLSearchParams(taskQueryOf(saved) as Record<string, string>)
  const query = params.toString()
  return query ? `${paths.tasks}?${query}` : paths.tasks
}

/** "2026-12-01" → "1 Dec 2026" (a calendar day, so read in UTC whatever the viewer's zone). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}

const sourceLabels: Record<string, string> = {
  startup: 'assigned to you by a startup',
  'non-startup': 'open to everyone',
}

/** `"react" · Web Development · skills: Go, SQL · before 1 Dec 2026 · open to everyone`, or "All tasks". */
export function savedSearchSummary(saved: Omit<SaveSearchInput, 'name'>): string {
  const parts: string[] = []
  if (saved.search) parts.push(`"${saved.search}"`)
  if (saved.category) parts.push(labelOf(saved.category))
  if (saved.skills.length > 0) parts.push(`skills: ${saved.skills.join(', ')}`)
  if (saved.deadlineBefore) parts.push(`before ${dayLabel(saved.deadlineBefore)}`)
  if (saved.source) parts.push(sourceLabels[saved.source] ?? saved.source)
  if (saved.paid) parts.push('paid only')
  return parts.length > 0 ? parts.join(' · ') : 'All tasks'
}

/** The longest name the server takes. */
export const SAVED_SEARCH_NAME_MAX = 80

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A name made from the search, offered in the dialog: "React hooks · Web Development · Open to
 * everyone", or "All tasks"; cut to the server's 80 characters.
 */
export function defaultSavedSearchName(saved: Omit<SaveSearchInput, 'name'>): string {
  const parts: string[] = []
  if (saved.search) parts.push(capitalized(saved.search))
  if (saved.category) parts.push(labelOf(saved.category))
  if (saved.deadlineBefore) parts.push(`Before ${dayLabel(saved.deadlineBefore)}`)
  if (saved.source) parts.push(capitalized(sourceLabels[saved.source] ?? saved.source))
  if (saved.paid) parts.push('Paid only')
  const name = parts.length > 0 ? parts.join(' · ') : 'All tasks'
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…` : name
}
