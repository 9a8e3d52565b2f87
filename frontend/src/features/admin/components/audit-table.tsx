import { Badge, type BadgeTone } from '@/components/ui/badge'
import { auditTypeLabel, formatAuditTime, type AuditEntry } from '@/lib/audit'
import type { KnownPerson } from '../api/get-people-index'

const th = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
const td = 'px-3 py-3 align-top text-sm text-slate-700'

const tones: Partial<Record<AuditEntry['type'], BadgeTone>> = {
  'signin.failed': 'danger',
  'submission.approved': 'success',
  'submission.rejected': 'warning',
  'certificate.issued': 'success',
  'admin.viewed': 'info',
}

type AuditTableProps = {
  entries: AuditEntry[]
  /** Names of the ids the admin can resolve; others show as ids. */
  people: Map<string, KnownPerson>
  /** The signed-in admin, shown as "You". */
  viewerId?: string
}

/** The trail's entries, newest first: time, kind in words, who, about whom, detail and IP. Scrolls sideways on a phone. */
export function AuditTable({ entries, people, viewerId }: AuditTableProps) {
  const person = (id: string, none: string) => {
    if (!id) return <span className="text-slate-400">{none}</span>
    const known = people.get(id)
    const name = id === viewerId ? 'You (admin)' : known?.name
    return (
      <span className="block min-w-32" title={id}>
        {name && <span className="block font-medium text-slate-900">{name}</span>}
        <span className="block font-mono text-xs text-slate-500">{name ? `${id.slice(0, 8)}…` : id}</span>
      </span>
    )
  }
  return (
    // A table wider than a phone scrolls sideways: the keyboard must be able to scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is focusable (WCAG 2.1.1)
    <div role="region" aria-label="Audit trail" tabIndex={0} className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Audit trail</caption>
        <thead className="bg-slate-50">
          <tr>
            {['#', 'Time', 'What', 'Who', 'About', 'Detail', 'IP'].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.seq} className={e.type === 'signin.failed' ? 'bg-red-50/50' : undefined}>
              <td className={`${td} tabular-nums text-slate-500`}>{e.seq}</td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={e.at}>{formatAuditTime(e.at)}</time>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <Badge tone={tones[e.type] ?? 'neutral'}>{auditTypeLabel(e.type)}</Badge>
              </td>
              <td className={td}>{person(e.actorId, 'Unknown')}</td>
              <td className={td}>{person(e.subjectId, '—')}</td>
              <td className={`${td} min-w-48 break-words`}>{e.detail || <span className="text-slate-400">—</span>}</td>
              <td className={`${td} whitespace-nowrap font-mono text-xs`}>{e.ip || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
