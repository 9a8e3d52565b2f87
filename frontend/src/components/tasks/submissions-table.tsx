import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PaymentStep } from '@/components/payments/payment-step'
import { webHref } from '@/lib/files'
import type { PaymentsBy } from '@/lib/payments/get-payments'
import { formatDate, personName, statusLabel } from '@/lib/tasks/status'
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query'
import { RevisionSummary } from './revision-history'
import type { SubmissionRow } from '@/types/tasks'

type SubmissionsTableProps = {
  rows: SubmissionRow[]
  /** Where a task's title leads (the startup's own task page); plain text without it. */
  taskHref?: (taskId: string) => string
  /** The Actions column: what the owner can do with a row. The admin's read-only table has none. */
  actions?: (row: SubmissionRow, studentName: string) => ReactNode
  /** Payments by submission: an approved row on paid work shows its payment's step, a link to it. */
  payments?: PaymentsBy
}

/**
 * Task, Student, Submission Link, Status (task status below) and, for the owner, Actions (spec §2).
 * Below 640 px each row is a card instead, so Status and the actions show without scrolling sideways.
 */
export function SubmissionsTable(props: SubmissionsTableProps) {
  const isPhone = useMediaQuery(PHONE_QUERY)
  return isPhone ? <SubmissionCards {...props} /> : <SubmissionsGrid {...props} />
}

function TaskTitle({ row, taskHref }: { row: SubmissionRow; taskHref?: (taskId: string) => string }) {
  return taskHref ? (
    <Link to={taskHref(row.task._id)} className="font-medium text-indigo-700 hover:underline">
      {row.task.title}
    </Link>
  ) : (
    <span className="font-medium text-slate-900">{row.task.title}</span>
  )
}

function SubmissionLink({ link }: { link: string }) {
  const href = webHref(link)
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-indigo-700 hover:underline">
      {link}
    </a>
  ) : (
    <span className="break-all">{link}</span>
  )
}

function SubmissionStatus({ row, payments }: { row: SubmissionRow; payments?: PaymentsBy }) {
  return (
    <>
      <p className="font-medium text-slate-800">{statusLabel(row.status || 'pending')}</p>
      <p className="text-xs text-slate-500">Task: {statusLabel(row.task.displayStatus)}</p>
      <PaymentStep payment={payments?.get(row._id)} side="startup" />
      <RevisionSummary revision={row.revision} reviewNotes={row.reviewNotes} revisions={row.revisions} />
    </>
  )
}

function SubmissionsGrid({ rows, taskHref, actions, payments }: SubmissionsTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              Task
            </th>
            <th scope="col" className="px-3 py-2">
              Student
            </th>
            <th scope="col" className="px-3 py-2">
              Submission Link
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            {actions && (
              <th scope="col" className="px-3 py-2">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const student = personName(row.student)
            return (
              <tr key={row._id} className="align-top">
                <td className="px-3 py-3">
                  <TaskTitle row={row} taskHref={taskHref} />
                </td>
                <td className="px-3 py-3">{student}</td>
                <td className="max-w-56 px-3 py-3">
                  <SubmissionLink link={row.link} />
                </td>
                <td className="px-3 py-3">
                  <SubmissionStatus row={row} payments={payments} />
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

/** A phone's submissions: one card per row, the same fields labelled, the row's actions at the bottom. */
function SubmissionCards({ rows, taskHref, actions, payments }: SubmissionsTableProps) {
  return (
    <ul aria-label="Submissions" data-layout="cards" className="space-y-3">
      {rows.map((row) => {
        const student = personName(row.student)
        return (
          <li key={row._id} aria-label={`${row.task.title}: ${student}`} className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm">
            <TaskTitle row={row} taskHref={taskHref} />
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
              <dt className="text-xs uppercase tracking-wide text-slate-500">Student</dt>
              <dd>{student}</dd>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Submission Link</dt>
              <dd className="min-w-0">
                <SubmissionLink link={row.link} />
              </dd>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Status</dt>
              <dd>
                <SubmissionStatus row={row} payments={payments} />
              </dd>
              <dt className="text-xs uppercase tracking-wide text-slate-500">Submitted</dt>
              <dd>{formatDate(row.submittedAt)}</dd>
            </dl>
            {actions && <div className="mt-3 border-t border-slate-100 pt-3">{actions(row, student)}</div>}
          </li>
        )
      })}
    </ul>
  )
}
