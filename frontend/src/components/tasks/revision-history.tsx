import { ChevronDown, ChevronRight } from 'lucide-react'
import { useId, useState } from 'react'
import { webHref } from '@/lib/files'
import { formatDateTime, revisionLabel } from '@/lib/tasks/status'
import type { Revision } from '@/types/tasks'
import { TaskStatusBadge } from './task-status-badge'

/** Every revision of one submission, oldest first: number, link, times, status and notes. */
export function RevisionTimeline({ revisions, label }: { revisions: Revision[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-3 border-l-2 border-slate-200 pl-4">
      {revisions.map((rev) => {
        const href = webHref(rev.link)
        return (
          <li key={rev.revision} className="relative space-y-1 text-sm">
            <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-slate-300" />
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{revisionLabel(rev.revision)}</span>
              <TaskStatusBadge status={rev.status} />
            </div>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="block break-all text-indigo-700 hover:underline">
                {rev.link}
              </a>
            ) : (
              <p className="break-all">{rev.link}</p>
            )}
            <p className="text-xs text-slate-500">
              Submitted {formatDateTime(rev.submittedAt)}
              {rev.reviewedAt && ` · Reviewed ${formatDateTime(rev.reviewedAt)}`}
            </p>
            {rev.reviewNotes && <p className="whitespace-pre-line break-words text-slate-700">Notes: {rev.reviewNotes}</p>}
          </li>
        )
      })}
    </ol>
  )
}

/** A "History" toggle that opens a submission's revision timeline; nothing without revisions. */
export function RevisionHistory({ revisions, whose }: { revisions: Revision[] | undefined; whose: string }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  if (!revisions || revisions.length === 0) return null
  const Icon = open ? ChevronDown : ChevronRight
  return (
    <div className="space-y-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Icon className="size-3.5" aria-hidden="true" />
        History ({revisions.length === 1 ? '1 revision' : `${revisions.length} revisions`})
      </button>
      {open && (
        <div id={panelId}>
          <RevisionTimeline revisions={revisions} label={`Revisions of ${whose}`} />
        </div>
      )}
    </div>
  )
}

/** "Revision 2" (with "link changed" when the student replaced the link the startup may have opened) and the latest review notes, where a submission's status shows. */
export function RevisionSummary({ revision, reviewNotes, revisions }: { revision: number | undefined; reviewNotes: string; revisions?: Revision[] }) {
  const linkChanged = revisions?.at(-2)?.status === 'replaced'
  return (
    <>
      {(revision ?? 1) > 1 && (
        <p className="text-xs font-medium text-slate-600">
          {revisionLabel(revision)}
          {linkChanged && <span className="ml-1 rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">link changed</span>}
        </p>
      )}
      {reviewNotes && <p className="whitespace-pre-line break-words text-xs text-slate-600">Notes: {reviewNotes}</p>}
    </>
  )
}
