import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Pagination } from '@/components/ui/pagination'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { isAuditType } from '@/lib/audit'
import { useCurrentUser } from '@/lib/auth-store'
import { useUrlQuery } from '@/lib/use-url-query'
import { useAuditEntries, useVerifyAudit, type AuditFilters as Filters } from '../api/get-audit'
import { usePeopleIndex } from '../api/get-people-index'
import { AuditFilters } from '../components/audit-filters'
import { AuditTable } from '../components/audit-table'
import { VerifyChain } from '../components/verify-chain'

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '')

type Query = { filters: Filters; page: number }

/** The filters and page in the URL (?actor=&type=&from=&to=&page=), so a view of the trail can be linked. */
function readQuery(params: URLSearchParams): Query {
  const type = params.get('type') ?? ''
  return {
    filters: {
      actor: params.get('actor')?.trim() ?? '',
      type: isAuditType(type) ? type : '',
      from: isDate(params.get('from')),
      to: isDate(params.get('to')),
    },
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  }
}

function writeQuery({ filters, page }: Query): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value) out.set(key, value)
  if (page > 1) out.set('page', String(page))
  return out
}

/** /admin/audit: the audit trail with filters (who, what, when), paging and a check of its hash chain. */
export function AdminAuditPage() {
  const [{ filters, page }, change] = useUrlQuery(readQuery, writeQuery)
  const viewer = useCurrentUser()
  const entries = useAuditEntries(filters, page)
  const people = usePeopleIndex()
  const verify = useVerifyAudit()
  const index = people.data ?? new Map()

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Audit trail · Bridgework</title>
      <Link to={paths.admin.dashboard} className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      <div className="space-y-1">
        <h1 className="text-3xl font-bold text-slate-900">Audit trail</h1>
        <p className="text-sm text-slate-600">
          Sign-ins, decisions on work, certificates, ratings and every look at a person's dashboard, newest first. Each entry is chained to the one
          before it.
        </p>
      </div>
      <VerifyChain onVerify={() => verify.mutate()} isVerifying={verify.isPending} report={verify.data} error={verify.error} />
      <AuditFilters
        filters={filters}
        people={[...index.values()]}
        onChange={(changed) => change((latest) => ({ filters: { ...latest.filters, ...changed }, page: 1 }))}
      />
      <QueryState
        query={entries}
        loadingLabel="Loading the audit trail"
        error={errorMessage(entries.error, 'Failed to load the audit trail')}
        isEmpty={(data) => data.items.length === 0}
        empty={Object.values(filters).some(Boolean) ? 'No entries match these filters.' : 'The audit trail is empty.'}
      >
        {(data) => (
          <div className="space-y-2">
            {data.total !== undefined && (
              <p className="text-sm text-slate-600" aria-live="polite">
                {data.total} {data.total === 1 ? 'entry' : 'entries'}
              </p>
            )}
            <AuditTable entries={data.items} people={index} viewerId={viewer?._id} />
            <Pagination paged={data} onPageChange={(next) => change((latest) => ({ ...latest, page: next }))} label="Audit trail pages" />
          </div>
        )}
      </QueryState>
    </div>
  )
}
