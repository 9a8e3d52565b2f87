import type { components } from '@/types/api.gen'

/** One line of the audit trail (GET /api/admin/audit, GET /api/me/security-events). */
export type AuditEntry = components['schemas']['AuditEntry']

export type AuditType = AuditEntry['type']

/** Each kind of entry in words, in the order the server lists its kinds (audit.Types). */
export const auditTypeLabels: Record<AuditType, string> = {
  signin: 'Signed in',
  'signin.failed': 'Failed sign-in',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'sessions.ended': 'Signed out',
  'submission.approved': 'Approved work',
  'submission.rejected': 'Rejected work',
  'submission.changes_requested': 'Requested changes',
  'certificate.issued': 'Certificate issued',
  'rating.given': 'Rating given',
  'admin.viewed': 'Viewed a dashboard',
  'audit.resealed': 'Trail sealed with the key',
  'payment.changed': 'Payment step',
  'funding.changed': 'Task funding',
  'task.edited': 'Task edited',
  'task.closed': 'Task closed',
  'task.withdrawn': 'Task withdrawn',
  'task.reposted': 'Task reposted',
}

export const auditTypes = Object.keys(auditTypeLabels) as AuditType[]

export function isAuditType(value: string): value is AuditType {
  return Object.hasOwn(auditTypeLabels, value)
}

/** A kind the server may add later still reads as something. */
export function auditTypeLabel(type: string): string {
  return isAuditType(type) ? auditTypeLabels[type] : type
}

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** An entry's time in the viewer's zone, "Nov 25, 2026, 9:41 AM". */
export function formatAuditTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)
}
