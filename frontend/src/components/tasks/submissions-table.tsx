import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { webHref } from '@/lib/files'
import { personName, statusLabel } from '@/lib/tasks/status'
import { RevisionSummary } from './revision-history'
import type { SubmissionRow } from '@/types/tasks'

type SubmissionsTableProps = {
  rows: SubmissionRow[]
  /** Where a task's title leads (the startup's own task page); plain text without it. */
  taskHref?: (taskId: string) => string
  /** The Actions column: what the owner can do with a row. The admin's read-only table has none. */
  actions?: (row: SubmissionRow, studentName: string) => ReactNode
}

/** Task, Student, Submission Link, Status (task status below) and, for the owner, Actions (spec §2). */
export function SubmissionsTable({ rows, taskHref, actions }: SubmissionsTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">Task</th>
            <th scope="col" className="px-3 py-2">Student</th>
            <th scope="col" className="px-3 py-2">Submission Link</th>
            <th scope="col" className="px-3 py-2">Status</th>
            {actions && <th scope="col" className="px-3 py-2">Actions</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const student = personName(row.student)
            const href = webHref(row.link)
            return (
              <tr key={row._id} className="align-top">
                <td className="px-3 py-3">
                  {taskHref ? (
                    <Link to={taskHref(row.task._id)} className="font-medium text-indigo-700 hover:underline">
                      {row.task.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{row.task.title}</span>
                  )}
                </td>
                <td className="px-3 py-3">{student}</td>
                <td className="max-w-56 px-3 py-3">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-indigo-700 hover:underline">
                      {row.link}
                    </a>
                  ) : (
                    <span className="break-all">{row.link}</span>
                  )}
                </td>
                <td className="px-3 py-3">
                  <p className="font-medium text-slate-800">{statusLabel(row.status || 'pending')}</p>
                  <p className="text-xs text-slate-500">Task: {statusLabel(row.task.displayStatus)}</p>
                  <RevisionSummary revision={row.revision} reviewNotes={row.reviewNotes} />
                </td>
                {actions && <td className="px-3 py-3">{actions(row, student)}</td>}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
