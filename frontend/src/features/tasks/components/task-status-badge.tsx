import { Badge } from '@/components/ui/badge'
import { statusLabel, statusTone } from '../lib/status'

/** A status as a coloured badge; `forStudent` uses the student's wording (spec §4). */
export function TaskStatusBadge({ status, forStudent = false }: { status: string; forStudent?: boolean }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status, forStudent)}</Badge>
}
