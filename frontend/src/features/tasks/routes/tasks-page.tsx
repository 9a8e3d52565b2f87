import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useStartupTasks } from '@/lib/tasks/get-startup-tasks'
import { useSubmitLink } from '@/lib/tasks/submit-link'
import type { TaskQuery } from '@/types/tasks'
import { useOpenTasks } from '../api/get-open-tasks'
import { useStudentTasks } from '../api/get-student-tasks'
import { SaveSearchButton } from '../components/save-search-button'
import { TasksPageView } from '../components/tasks-page-view'

const FILTERS = ['search', 'category', 'deadline', 'source', 'sort', 'paid'] as const

/** The query lives in the URL, so a filtered list can be shared and Back works. */
function readQuery(params: URLSearchParams): TaskQuery {
  const query: TaskQuery = {}
  for (const key of FILTERS) {
    const value = params.get(key)
    if (value) (query as Record<string, string>)[key] = value
  }
  const page = Number(params.get('page'))
  if (page > 1) query.page = page
  return query
}

function readMinePage(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('minePage')) || 1)
}

function sameFilters(a: TaskQuery, b: TaskQuery): boolean {
  return FILTERS.every((key) => (a[key] ?? '') === (b[key] ?? ''))
}

/** /tasks: open to all (spec §2); what it lists depends on who looks. */
export function TasksPage() {
  const user = useCurrentUser()
  const viewer = user?.userType ?? null
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const minePage = readMinePage(params)
  const filters = { ...query, page: undefined }

  const student = viewer === 'student'
  const startup = viewer === 'startup'
  const open = useOpenTasks(query, { enabled: !student && !startup })
  const available = useStudentTasks('available', query, { enabled: student })
  const mine = useStudentTasks('mine', { ...filters, page: minePage }, { enabled: student })
  // The filter panel shows Deadline as the default sort; My Works lists newest first instead.
  const posted = useStartupTasks({ sort: 'deadline', ...query }, { enabled: startup })

  const [submittedAt, setSubmittedAt] = useState<Record<string, number>>({})
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Link submitted successfully!'),
    onError: () => notify.error('Failed to submit link'),
  })

  // The query as last asked for. The router renders a navigation in a transition, so a second
  // change can come while this page still renders the URL from before the first: merged into
  // `query` it would undo the first (a category chosen, then a deadline, kept only the deadline).
  // `asked` holds the URLs asked for and not yet rendered; any other URL (Back, a link) is the
  // query again.
  const latest = useRef({ query, minePage })
  const asked = useRef<string[]>([])
  useEffect(() => {
    const at = asked.current.indexOf(params.toString())
    asked.current = at < 0 ? [] : asked.current.slice(at + 1)
    if (asked.current.length === 0) latest.current = { query: readQuery(params), minePage: readMinePage(params) }
  }, [params])

  const setQuery = (next: TaskQuery, minePageNext = 1) => {
    latest.current = { query: next, minePage: minePageNext }
    const out = new URLSearchParams()
    for (const key of FILTERS) {
      const value = next[key]
      if (value) out.set(key, value)
    }
    if (next.page && next.page > 1) out.set('page', String(next.page))
    if (minePageNext > 1) out.set('minePage', String(minePageNext))
    asked.current.push(out.toString())
    setParams(out)
  }

  const main = student ? available : startup ? posted : open
  return (
    <TasksPageView
      viewer={viewer}
      viewerId={user?._id}
      query={query}
      onQueryChange={(change) => {
        const { query: current, minePage: currentMinePage } = latest.current
        const next = { ...current, ...change }
        setQuery(next, sameFilters(next, current) ? currentMinePage : 1)
      }}
      onMinePageChange={(page) => setQuery(latest.current.query, page)}
      onClearFilters={() => setQuery({})}
      mine={student ? mine : undefined}
      main={main}
      saveSearch={student ? <SaveSearchButton query={filters} /> : undefined}
      submit={{
        taskId: submitLink.variables?.taskId,
        isSubmitting: submitLink.isPending,
        error: submitLink.error,
        submittedAt,
      }}
      onSubmitLink={(taskId, link) =>
        submitLink.mutate(
          { taskId, link },
          { onSuccess: () => setSubmittedAt((times) => ({ ...times, [taskId]: Date.now() })) },
        )
      }
    />
  )
}
