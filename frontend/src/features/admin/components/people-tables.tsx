import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDay } from '@/components/people/format'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { helpTopicLabel } from '@/config/help-topics'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'
import type { HelpRequest } from '../api/types'

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'

/**
 * A cell: from 640 px a table cell; below, one "label: value" line of its row's card, the label
 * (its column's heading, passed as `label`) drawn from data-label.
 */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className={cn(
        'flex min-w-0 items-center justify-between gap-3 py-1 text-right text-sm text-slate-700 sm:table-cell sm:px-4 sm:py-3 sm:text-left',
        'before:shrink-0 before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-slate-500',
        'before:content-[attr(data-label)] sm:before:content-none',
        className,
      )}
    >
      {children}
    </td>
  )
}

/**
 * The admin's tables. From 640 px a table with its head; below, each row a card of label: value
 * lines, the head hidden, so nothing scrolls sideways on a phone.
 */
function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="sm:overflow-x-auto sm:rounded-2xl sm:border sm:border-slate-200 sm:bg-white">
      <table className="block w-full sm:table sm:min-w-full sm:divide-y sm:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-50 sm:table-header-group">
          <tr>
            {head.map((h, i) => (
              <th key={h || i} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}

/** A row: a card below 640 px, a table row from there. */
function Row({ children }: { children: ReactNode }) {
  return (
    <tr className="block rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:table-row sm:rounded-none sm:border-0 sm:p-0 sm:shadow-none">
      {children}
    </tr>
  )
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr className="block sm:table-row">
      <td
        colSpan={columns}
        className="block rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 sm:table-cell sm:rounded-none sm:border-0"
      >
        {text}
      </td>
    </tr>
  )
}

/** Spec §2: avatar, name, phone, email, institution or N/A, View Dashboard. */
export function StudentsTable({ students, emptyText = 'No students yet.' }: { students: User[]; emptyText?: string }) {
  return (
    <Table caption="Students" head={['Student', 'Phone', 'Email', 'Institution', '']}>
      {students.length === 0 && <EmptyRow columns={5} text={emptyText} />}
      {students.map((s) => (
        <Row key={s._id}>
          <Cell label="Student">
            <span className="flex min-w-0 items-center gap-2">
              <Avatar src={s.profilePicture} initials={avatarInitial(s)} size="sm" />
              <span className="font-medium break-words text-slate-900">{displayName(s)}</span>
            </span>
          </Cell>
          <Cell label="Phone">{s.phone || 'N/A'}</Cell>
          <Cell label="Email" className="break-all">
            {s.email}
          </Cell>
          <Cell label="Institution">{s.college || s.institute || 'N/A'}</Cell>
          <Cell label="" className="pt-2 sm:pt-3">
            <Link
              to={paths.admin.student(s._id)}
              className={buttonClasses({ size: 'sm', variant: 'outline' })}
              aria-label={`View Dashboard of ${displayName(s)}`}
            >
              View Dashboard
            </Link>
          </Cell>
        </Row>
      ))}
    </Table>
  )
}

/** Spec §2: company, size, email, View Dashboard. */
export function StartupsTable({ startups, emptyText = 'No startups yet.' }: { startups: User[]; emptyText?: string }) {
  return (
    <Table caption="Startups" head={['Company', 'Size', 'Email', '']}>
      {startups.length === 0 && <EmptyRow columns={4} text={emptyText} />}
      {startups.map((s) => (
        <Row key={s._id}>
          <Cell label="Company" className="font-medium break-words text-slate-900">
            {displayName(s)}
          </Cell>
          <Cell label="Size">{s.companySize || 'N/A'}</Cell>
          <Cell label="Email" className="break-all">
            {s.email}
          </Cell>
          <Cell label="" className="pt-2 sm:pt-3">
            <Link
              to={paths.admin.startup(s._id)}
              className={buttonClasses({ size: 'sm', variant: 'outline' })}
              aria-label={`View Dashboard of ${displayName(s)}`}
            >
              View Dashboard
            </Link>
          </Cell>
        </Row>
      ))}
    </Table>
  )
}

/** The Help Center's requests, newest first: what about and what is wrong, then phone, email and date, so someone can call back. */
export function HelpRequestsTable({ requests }: { requests: HelpRequest[] }) {
  return (
    <Table caption="Help requests" head={['Topic', 'Message', 'Phone', 'Email', 'Date']}>
      {requests.length === 0 && <EmptyRow columns={5} text="No help requests yet." />}
      {requests.map((r) => (
        <Row key={r._id}>
          <Cell label="Topic">{helpTopicLabel(r.topic)}</Cell>
          <Cell label="Message" className="whitespace-pre-line break-words">
            {r.message || <span className="text-slate-500">No message</span>}
          </Cell>
          <Cell label="Phone">
            <a href={`tel:${r.phone}`} className="text-indigo-700 hover:underline">
              {r.phone}
            </a>
          </Cell>
          <Cell label="Email" className="break-all">
            <a href={`mailto:${r.email}`} className="text-indigo-700 hover:underline">
              {r.email}
            </a>
          </Cell>
          <Cell label="Date">{formatDay(r.createdAt)}</Cell>
        </Row>
      ))}
    </Table>
  )
}
