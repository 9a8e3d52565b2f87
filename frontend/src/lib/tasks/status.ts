// How tasks, submissions, their people and their dates read wherever they are shown.

import type { Person, Task } from '@/types/tasks'

/** Spec §4: how a student's own status reads on their cards. */
const studentLabels: Record<string, string> = {
  submitted: 'Link Submitted - Awaiting Review',
  'under-review': 'Under Review - Please Wait',
  completed: 'Task Completed',
  rejected: 'Rejected',
  open: 'Open',
  changes_requested: 'Changes requested - see the notes',
  closed: 'Closed - this task no longer takes work',
}

const labels: Record<string, string> = {
  open: 'Open',
  submitted: 'Submitted',
  'in-progress': 'In Progress',
  review: 'Review',
  'under-review': 'Under Review',
  completed: 'Completed',
  rejected: 'Rejected',
  pending: 'Pending',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  closed: 'Closed',
  /** A revision whose link the student replaced before any decision. */
  replaced: 'Link changed',
}

export function statusLabel(status: string, forStudent = false): string {
  const value = status || 'open'
  return (forStudent ? studentLabels[value] : undefined) ?? labels[value] ?? value
}

/** Spec §4: a missing submission status is pending. */
export function submissionStatusOf(status: string | undefined): string {
  return status || 'pending'
}

/** "Revision 2": which round of a submission this is (the first is 1). */
export function revisionLabel(revision: number | undefined): string {
  return `Revision ${revision || 1}`
}

/** A submission the startup may still decide: approve, reject or send back for changes. */
export function isUndecided(status: string | undefined): boolean {
  const current = submissionStatusOf(status)
  return current === 'pending' || current === 'under-review'
}

/** A startup's name, a student's full name, or the spec's fallback Unknown. */
export function personName(person: Person | null | undefined): string {
  if (!person) return 'Unknown'
  return person.companyName || [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || person.email || 'Unknown'
}

const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** An RFC 3339 time as "15 Jun 2025"; deadlines are dates at midnight UTC. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date)
}

const timeFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** An RFC 3339 time as "15 Jun 2025, 14:05" in the viewer's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)
}

/**
 * Who a task is assigned to, as the startup's lists say it: the assigned student, else
 * "Unassigned" with how many students sent work ("Unassigned · 2 submissions so far").
 */
export function assigneeLabel(task: Pick<Task, 'assignedStudent' | 'submissions'>): string {
  if (task.assignedStudent) return personName(task.assignedStudent)
  const n = task.submissions?.length ?? 0
  if (n === 0) return 'Unassigned'
  return `Unassigned · ${n === 1 ? 'one submission' : `${n} submissions`} so far`
}
