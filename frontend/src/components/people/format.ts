import type { BadgeTone } from '@/components/ui/badge'
import type { Experience, SkillLevel } from '@/types/api'

const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** "2024-06" or "2024-06-15" as "Jun 2024"; anything else as typed. */
export function formatMonth(value: string | undefined): string {
  if (!value) return ''
  const match = /^(\d{4})-(\d{2})/.exec(value)
  if (!match) return value
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)))
}

/** An RFC 3339 time as "Jun 15, 2025". */
export function formatDay(value: string | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : dayFormat.format(date)
}

/** Spec §3: a blank end date means Present. */
export function experienceDates(e: Experience): string {
  const start = formatMonth(e.startDate)
  const end = e.isCurrent || !e.endDate ? 'Present' : formatMonth(e.endDate)
  return start ? `${start} – ${end}` : end
}

/** Current roles first, then the latest start: the first entry is the "recent experience". */
export function byRecency(list: Experience[]): Experience[] {
  return [...list].sort((a, b) => Number(Boolean(b.isCurrent)) - Number(Boolean(a.isCurrent)) || (b.startDate ?? '').localeCompare(a.startDate ?? ''))
}

/** Spec §9: a skill without a level is a beginner's. */
export function skillLevel(level: string | undefined): SkillLevel {
  return (level || 'beginner') as SkillLevel
}

export const submissionTone: Record<string, BadgeTone> = {
  pending: 'warning',
  'under-review': 'info',
  approved: 'success',
  rejected: 'danger',
}

/** Spec §4: a missing submission status is pending. */
export function submissionStatus(status: string | undefined): string {
  return status || 'pending'
}
