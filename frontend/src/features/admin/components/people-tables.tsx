import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDay } from '@/components/people/format'
import { Avatar } from '@/components/ui/avatar'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'
import type { HelpRequest } from '../api/types'

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
const td = 'px-4 py-3 text-sm text-slate-700'

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-sm text-slate-500">
        {text}
      </td>
    </tr>
  )
}

/** Spec §2: avatar, name, phone, email, institution or N/A, View Dashboard. */
export function StudentsTable({ students }: { students: User[] }) {
  return (
    <Table caption="Students" head={['Student', 'Phone', 'Email', 'Institution', '']}>
      {students.length === 0 && <EmptyRow columns={5} text="No students yet." />}
      {students.map((s) => (
        <tr key={s._id}>
          <td className={td}>
            <span className="flex items-center gap-2">
              <Avatar src={s.profilePicture} initials={avatarInitial(s)} size="sm" />
              <span className="font-medium text-slate-900">{displayName(s)}</span>
            </span>
          </td>
          <td className={td}>{s.phone || 'N/A'}</td>
          <td className={`${td} break-all`}>{s.email}</td>
          <td className={td}>{s.college || s.institute || 'N/A'}</td>
          <td className={td}>
            <Link to={paths.admin.student(s._id)} className={buttonClasses({ size: 'sm', variant: 'outline' })} aria-label={`View Dashboard of ${displayName(s)}`}>
              View Dashboard
            </Link>
          </td>
        </tr>
      ))}
    </Table>
  )
}

/** Spec §2: company, size, email, View Dashboard. */
export function StartupsTable({ startups }: { startups: User[] }) {
  return (
    <Table caption="Startups" head={['Company', 'Size', 'Email', '']}>
      {startups.length === 0 && <EmptyRow columns={4} text="No startups yet." />}
      {startups.map((s) => (
        <tr key={s._id}>
          <td className={`${td} font-medium text-slate-900`}>{displayName(s)}</td>
          <td className={td}>{s.companySize || 'N/A'}</td>
          <td className={`${td} break-all`}>{s.email}</td>
          <td className={td}>
            <Link to={paths.admin.startup(s._id)} className={buttonClasses({ size: 'sm', variant: 'outline' })} aria-label={`View Dashboard of ${displayName(s)}`}>
              View Dashboard
            </Link>
          </td>
        </tr>
      ))}
    </Table>
  )
}

/** The Help Center's requests, newest first: phone, email and date, so someone can call back. */
export function HelpRequestsTable({ requests }: { requests: HelpRequest[] }) {
  return (
    <Table caption="Help requests" head={['Phone', 'Email', 'Date']}>
      {requests.length === 0 && <EmptyRow columns={3} text="No help requests yet." />}
      {requests.map((r) => (
        <tr key={r._id}>
          <td className={td}>
            <a href={`tel:${r.phone}`} className="text-indigo-700 hover:underline">
              {r.phone}
            </a>
          </td>
          <td className={`${td} break-all`}>
            <a href={`mailto:${r.email}`} className="text-indigo-700 hover:underline">
              {r.email}
            </a>
          </td>
          <td className={td}>{formatDay(r.createdAt)}</td>
        </tr>
      ))}
    </Table>
  )
}
