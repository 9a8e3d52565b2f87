import { FileText, MessageSquare, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { TrackRecordView } from '@/components/people/track-record'
import { RatingSummary } from '@/components/ratings/rating-summary'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { fileHref } from '@/lib/files'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'

/** Spec §9: student cards show at most 4 skills. */
export const MAX_CARD_SKILLS = 4

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/** The card's two links in the words of the directory showing it (spec §2). */
export type CardWords = { view: string; resume: string }

/**
 * One student in either directory: name, email, bio, Resume Available, up to 4 skills (verified
 * ones marked), counts of experiences and projects, the track record of verified work, and the
 * profile, the résumé and Message.
 */
export function StudentCard({ student, words }: { student: User; words: CardWords }) {
  const name = displayName(student)
  const resume = fileHref(student.resume)
  const skills = student.skills ?? []
  return (
    <Card role="article" aria-label={name} className="flex h-full min-w-0 flex-col p-5">
      <div className="flex items-center gap-3">
        <Avatar src={student.profilePicture} initials={avatarInitial(student)} alt={name} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          <p className="truncate text-sm text-slate-600">{student.email}</p>
          <RatingSummary rating={student.rating} />
        </div>
      </div>
      {student.bio && <p className="mt-3 line-clamp-3 break-words text-sm text-slate-600">{student.bio}</p>}
      {resume && (
        <Badge tone="success" className="mt-3 self-start">
          Resume Available
        </Badge>
      )}
      {skills.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1" aria-label="Skills">
          {skills.slice(0, MAX_CARD_SKILLS).map((skill) => (
            <li key={skill.name}>
              <Badge tone={skill.isVerified ? 'success' : 'brand'} title={skill.isVerified ? 'Verified by an approved task' : undefined}>
                {skill.name}
                {skill.isVerified && <span className="sr-only"> (verified)</span>}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-slate-500">
        {count(student.experience?.length ?? 0, 'experience')} · {count(student.projects?.length ?? 0, 'project')}
      </p>
      <TrackRecordView record={student.trackRecord} compact className="mt-3 border-t border-slate-100 pt-3" />
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Link to={paths.startup.student(student._id)} className={buttonClasses({ size: 'sm' })}>
          <UserRound className="size-4" aria-hidden="true" />
          {words.view}
        </Link>
        {resume && (
          <a href={resume} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <FileText className="size-4" aria-hidden="true" />
            {words.resume}
          </a>
        )}
        <Link to={paths.chatWith(student._id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <MessageSquare className="size-4" aria-hidden="true" />
          Message
        </Link>
      </div>
    </Card>
  )
}
