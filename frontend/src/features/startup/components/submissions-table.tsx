import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { personName, statusLabel, type SubmissionRow } from '@/features/tasks'
import { webHref } from '@/lib/files'
import type { ReviewAction } from '../api/review-submission'
import { SubmissionActions } from './submission-actions'

type SubmissionsTableProps = {
  rows: SubmissionRow[]
  onAction: (row: SubmissionRow, action: ReviewAction) => void
  /** "taskId:studentId" of the row being changed. */
  busy?: string
  busyAction?: ReviewAction['kind']
}

/** Task, Student, Submission Link, Status (task status below) and Actions (spec §2). */
export function SubmissionsTable({ rows, onAction, busy, busyAction }: SubmissionsTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">Task</th>
            <th scope="col" className="px-3 py-2">Student</th>
            <th scope="col" className="px-3 py-2">Submission Link</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const student = personName(row.student)
            const href = webHref(row.link)
            const key = `${row.task._id}:${row.student?._id}`
            return (
              <tr key={row._id} className="align-top">
                <td className="px-3 py-3">
                  <Link to={paths.startup.task(row.task._id)} className="font-medium text-indigo-700 hover:underline">
                    {row.task.title}
                  </Link>
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
                </td>
                <td className="px-3 py-3">
                  <SubmissionActions
                    simple
                    status={row.status}
                    studentName={student}
                    onAction={(action) => onAction(row, action)}
                    busy={busy === key ? busyAction : undefined}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
