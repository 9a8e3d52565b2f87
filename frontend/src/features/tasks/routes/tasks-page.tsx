import { useState } from 'react'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { usePaymentsByTask } from '@/lib/payments/get-payments'
import { useStartupTasks } from '@/lib/tasks/get-startup-tasks'
import { useSubmitLink } from '@/lib/tasks/submit-link'
import { useUrlQuery } from '@/lib/use-url-query'
import type { TaskQuery } from '@/types/tasks'
import { useCurrencyRates } from '../api/get-currency-rates'
import { useOpenTasks } from '../api/get-open-tasks'
import { useStudentTasks } from '../api/get-student-tasks'
import { SaveSearchButton } from '../components/save-search-button'
import { TasksPageView } from '../components/tasks-page-view'
import { defaultPayCurrency } from '../pay-currency'

const FILTERS = ['search', 'category', 'deadline', 'source', 'sort', 'paid', 'payMin', 'payMax', 'payCurrency'] as const

/** The filters and page of the main list, and the pages of a student's two lists of own tasks. */
type Query = { query: TaskQuery; assignedPage: number; submittedPage: number }

const pageParam = (params: URLSearchParams, name: string) => Math.max(1, Number(params.get(name)) || 1)

/** The query lives in the URL, so a filtered list can be shared and Back works. */
function readQuery(params: URLSearchParams): Query {
  const query: TaskQuery = {}
  for (const key of FILTERS) {
    const value = params.get(key)
    if (value) (query as Record<string, string>)[key] = value
  }
  const page = Number(params.get('page'))
  if (page > 1) query.page = page
  return { query, assignedPage: pageParam(params, 'assignedPage'), submittedPage: pageParam(params, 'submittedPage') }
}

function writeQuery({ query, assignedPage, submittedPage }: Query): URLSearchParams {
  const out = new URLSearchParams()
  for (const key of FILTERS) {
    const value = query[key]
    if (value) out.set(key, value)
  }
  if (query.page && query.page > 1) out.set('page', String(query.page))
  if (assignedPage > 1) out.set('assignedPage', String(assignedPage))
  if (submittedPage > 1) out.set('submittedPage', String(submittedPage))
  return out
}

function sameFilters(a: TaskQuery, b: TaskQuery): boolean {
  return FILTERS.every((key) => (a[key] ?? '') === (b[key] ?? ''))
}

/** /tasks: open to all (spec §2); what it lists depends on who looks. */
export function TasksPage() {
  const user = useCurrentUser()
  const viewer = user?.userType ?? null
  const [{ query, assignedPage, submittedPage }, change] = useUrlQuery(readQuery, writeQuery)
  // Best match ranks the open market; the student's own lists keep the default order.
  const filters = { ...query, page: undefined, sort: query.sort === 'best-match' ? undefined : query.sort }

  const student = viewer === 'student'
  const startup = viewer === 'startup'
  const open = useOpenTasks(query, { enabled: !student && !startup })
  const available = useStudentTasks('available', query, { enabled: student })
  // The student's own tasks in two lists: those a startup assigned to them, and those they only
  // submitted to. The Source filter, when set, keeps one of the two.
  const assigned = useStudentTasks(
    'mine',
    { ...filters, source: 'startup', page: assignedPage },
    { enabled: student && query.source !== 'non-startup' },
  )
  const submitted = useStudentTasks(
    'mine',
    { ...filters, source: 'non-startup', page: submittedPage },
    { enabled: student && query.source !== 'startup' },
  )
  // The filter panel shows Deadline as the default sort; My Works lists newest first instead.
  // Only the student's own completed work has payments to show beside it.
  const completed = (list: typeof assigned) => Boolean(list.data?.items.some((task) => task.displayStatus === 'completed'))
  const payments = usePaymentsByTask(completed(assigned) || completed(submitted))
  const posted = useStartupTasks({ sort: 'deadline', ...query }, { enabled: startup })

  const [submittedAt, setSubmittedAt] = useState<Record<string, number>>({})
  const submitLink = useSubmitLink({
    onSuccess: () => notify.success('Link submitted successfully!'),
    onError: () => notify.error('Failed to submit link'),
  })

  const main = student ? available : startup ? posted : open
  const rates = useCurrencyRates().data
  const currencies = rates ? Object.keys(rates.rates).sort() : []
  const pay = rates && { base: rates.base, currencies, defaultCurrency: defaultPayCurrency(navigator.languages, currencies, rates.base) }
  return (
    <TasksPageView
      viewer={viewer}
      viewerId={user?._id}
      query={query}
      onQueryChange={(changed) =>
        change((latest) => {
          const next = { ...latest.query, ...changed }
          return sameFilters(next, latest.query) ? { ...latest, query: next } : { query: next, assignedPage: 1, submittedPage: 1 }
        })
      }
      onAssignedPageChange={(page) => change((latest) => ({ ...latest, assignedPage: page }))}
      onSubmittedPageChange={(page) => change((latest) => ({ ...latest, submittedPage: page }))}
      onClearFilters={() => change(() => ({ query: {}, assignedPage: 1, submittedPage: 1 }))}
      assigned={student && query.source !== 'non-startup' ? assigned : undefined}
      submitted={student && query.source !== 'startup' ? submitted : undefined}
      main={main}
      saveSearch={student ? <SaveSearchButton query={filters} /> : undefined}
      payments={student ? payments : undefined}
      pay={pay}
      submit={{
        taskId: submitLink.variables?.taskId,
        isSubmitting: submitLink.isPending,
        error: submitLink.error,
        submittedAt,
      }}
      onSubmitLink={(taskId, link) =>
        submitLink.mutate({ taskId, link }, { onSuccess: () => setSubmittedAt((times) => ({ ...times, [taskId]: Date.now() })) })
      }
    />
  )
}
