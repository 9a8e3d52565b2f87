import { Award, BadgeCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import type { TrackRecord } from '@/types/api'

/** How many certificates a card lists; the profile lists them all. */
export const CARD_CERTIFICATES = 2

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

type TrackRecordViewProps = {
  record: TrackRecord | undefined
  /** The card's short form: the first CARD_CERTIFICATES certificates and "+N more". */
  compact?: boolean
  className?: string
}

/**
 * What a student did and had verified on Bridgework: approved tasks, each certificate linking to
 * its public verification page, and the skills approvals verified. Nothing without a record.
 */
export function TrackRecordView({ record, compact = false, className }: TrackRecordViewProps) {
  if (!record) return null
  const shown = compact ? record.certificates.slice(0, CARD_CERTIFICATES) : record.certificates
  const more = record.certificates.length - shown.length
  // On a directory's cards it is a group, not a region: a landmark on every card would repeat one
  // name down the page (axe's landmark-unique), where the profile has one.
  const Box = compact ? 'div' : 'section'
  return (
    <Box role={compact ? 'group' : undefined} aria-label="Track record on Bridgework" className={cn('space-y-2 text-sm', className)}>
      <p className="flex items-center gap-1.5 font-medium text-slate-800">
        <BadgeCheck className="size-4 text-emerald-600" aria-hidden="true" />
        {count(record.approvedTasks, 'approved task')} · {count(record.certificates.length, 'certificate')}
      </p>
      {shown.length > 0 && (
        <ul aria-label="Certificates" className="space-y-1">
          {shown.map((cert) => (
            <li key={cert.number} className="flex min-w-0 items-center gap-1.5">
              <Award className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
              <Link
                to={paths.verifyCertificate(cert.number)}
                className="min-w-0 truncate text-indigo-700 hover:underline"
                aria-label={`Certificate ${cert.number}: ${cert.title}`}
              >
                {cert.title}
              </Link>
            </li>
          ))}
          {more > 0 && <li className="text-xs text-slate-500">+{more} more</li>}
        </ul>
      )}
      {record.verifiedSkills.length > 0 && (
        <ul aria-label="Verified skills" className="flex flex-wrap gap-1">
          {record.verifiedSkills.map((skill) => (
            <li key={skill}>
              <Badge tone="success" className="gap-1">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                {skill}
                <span className="sr-only">(verified)</span>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Box>
  )
}
