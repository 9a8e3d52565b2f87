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

/** The filters and page of the main list, and the page of a student's own tasks (My Works). */
type Query = { query: TaskQuery; minePage: number }

/** The query lives in the URL, so a filtered list can be shared and Back works. */
function readQuery(params: URLSearchParams): Query {
  const query: TaskQuery = {}
  for (const key of FILTERS) {
    const value = params.get(key)
    if (value) (query as Record<string, string>)[key] = value
  }
  const page = Number(params.get('page'))
  if (page > 1) query.page = page
  return { query, minePage: Math.max(1, Number(params.get('minePage')) || 1) }
}

function writeQuery({ query, minePage }: Query): URLSearchParams {
  const out = new URLSearchParams()
  for (const key of FILTERS) {
    const value = query[key]
    if (value) out.set(key, value)
  }
  if (query.page && query.page > 1) out.set('page', String(query.page))
  if (minePage > 1) out.set('minePage', String(minePage))
  return out
}

function sameFilters(a: TaskQuery, b: TaskQuery): boolean {
  return FILTERS.every((key) => (a[key] ?? '') === (b[key] ?? ''))
}

/** /tasks: open to all (spec §2); what it lists depends on who looks. */
export function TasksPage() {
  const user = useCurrentUser()
  const viewer = user?.userType ?? null
  const [{ query, minePage }, change] = useUrlQuery(readQuery, writeQuery)
  const filters = { ...query, page: undefined }

  const student = viewer === 'student'
  const startup = viewer === 'startup'
  const open = useOpenTasks(query, { enabled: !student && !startup })
  const available = useStudentTasks('available', query, { enabled: student })
  const mine = useStudentTasks('mine', { ...filters, page: minePage }, { enabled: student })
  // The filter panel shows Deadline as the default sort; My Works lists newest first instead.
  // Only the student's own completed work has payments to show beside it.
  const payments = usePaymentsByTask(Boolean(mine.data?.items.some((task) => task.displayStatus === 'completed')))
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
          return { query: next, minePage: sameFilters(next, latest.query) ? latest.minePage : 1 }
        })
      }
      onMinePageChange={(page) => change((latest) => ({ ...latest, minePage: page }))}
      onClearFilters={() => change(() => ({ query: {}, minePage: 1 }))}
      mine={student ? mine : undefined}
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
        submitLink.mutate(
          { taskId, link },
          { onSuccess: () => setSubmittedAt((times) => ({ ...times, [taskId]: Date.now() })) },
        )
      }
    />
  )
}
