import { Badge, type BadgeTone } from '@/components/ui/badge'
import { statusLabel } from '@/lib/tasks/status'

/** Badge colours cover every status the spec saw (open, in-progress, review, …). */
const tones: Record<string, BadgeTone> = {
  open: 'info',
  submitted: 'warning',
  pending: 'warning',
  'in-progress': 'warning',
  review: 'brand',
  'under-review': 'brand',
  completed: 'success',
  approved: 'success',
  rejected: 'danger',
  changes_requested: 'warning',
  closed: 'neutral',
  replaced: 'neutral',
}

/** A status as a coloured badge; `forStudent` uses the student's wording (spec §4). */
export function TaskStatusBadge({ status, forStudent = false }: { status: string; forStudent?: boolean }) {
  return <Badge tone={tones[status || 'open'] ?? 'neutral'}>{statusLabel(status, forStudent)}</Badge>
}
