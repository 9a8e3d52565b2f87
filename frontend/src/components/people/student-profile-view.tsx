import { Award, BadgeCheck, Briefcase, ExternalLink, FileText, FolderGit2, Mail, MessageSquare, Send } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { RatingSummary } from '@/components/ratings/rating-summary'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { buttonClasses } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ReadMore } from '@/components/ui/read-more'
import { fileHref, webHref } from '@/lib/files'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'
import { byRecency, experienceDates, formatDay, skillLevel, submissionStatus, submissionTone } from './format'
import { TrackRecordView } from './track-record'
import type { PastSubmission } from './types'

/** Spec §9: a project shows at most 4 technologies. */
export const MAX_TECHNOLOGIES = 4

export type StudentProfileViewProps = {
  student: User
  /** Past Submissions; the section is left out when undefined (the student's own view). */
  submissions?: PastSubmission[]
  /** Where Start Chat goes; the Contact card has no chat button without it (admin view). */
  chatHref?: string
  /** Buttons beside the name, e.g. Edit Profile on one's own profile. */
  actions?: ReactNode
  /** The Reviews section (components/ratings/reviews-list), left out when undefined. */
  reviews?: ReactNode
}

/**
 * A student's profile (spec §2 Student profile view): About with skills, Experience, Projects,
 * Resume, Past Submissions and Contact, with the rating and Reviews (docs/api-contract.md,
 * "Ratings") and the track record of verified work (docs/api-contract.md, "Track records"). Every
 * stored text is rendered as text.
 */
export function StudentProfileView({ student, submissions, chatHref, actions, reviews }: StudentProfileViewProps) {
  const name = displayName(student)
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
          <Avatar src={student.profilePicture} initials={avatarInitial(student)} alt={name} size="lg" />
          <div className="min-w-0 flex-1">
            <h2 className="break-words text-2xl font-bold text-slate-900">{name}</h2>
            {student.headline && <p className="break-words text-slate-700">{student.headline}</p>}
            {student.college && <p className="break-words text-sm text-slate-500">{student.college}</p>}
            <RatingSummary rating={student.rating} className="mt-1" />
          </div>
          {actions}
        </Card>
        <AboutSection student={student} />
        <ExperienceSection experience={student.experience ?? []} />
        <ProjectsSection student={student} />
        {submissions && <PastSubmissionsSection submissions={submissions} />}
        {reviews}
      </div>
      <div className="space-y-6">
        {student.trackRecord && (
          <Section title="Track record" icon={<Award className="size-5 text-indigo-600" aria-hidden="true" />}>
            <TrackRecordView record={student.trackRecord} />
          </Section>
        )}
        <ResumeSection resume={student.resume} />
        <ContactSection student={student} chatHref={chatHref} />
      </div>
    </div>
  )
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  )
}

function AboutSection({ student }: { student: User }) {
  const skills = student.skills ?? []
  return (
    <Section title="About" icon={<BadgeCheck className="size-5 text-indigo-600" aria-hidden="true" />}>
      {student.bio ? <ReadMore text={student.bio} /> : <p className="text-sm text-slate-500">No bio yet.</p>}
      <h3 className="mb-2 mt-4 text-sm font-semibold text-slate-800">Skills</h3>
      {skills.length === 0 ? (
        <p className="text-sm text-slate-500">No skills listed.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Skills">
          {skills.map((skill) => (
            <li key={skill.name} className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1 text-sm">
              <span className="font-medium text-slate-800">{skill.name}</span>
              <span className="text-xs capitalize text-slate-500">{skillLevel(skill.level)}</span>
              {skill.isVerified && <Badge tone="success">Verified</Badge>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** Spec §9: the recent experience shows 1 entry; the rest on request. */
function ExperienceSection({ experience }: { experience: NonNullable<User['experience']> }) {
  const [showAll, setShowAll] = useState(false)
  const sorted = byRecency(experience)
  const shown = showAll ? sorted : sorted.slice(0, 1)
  return (
    <Section title="Experience" icon={<Briefcase className="size-5 text-indigo-600" aria-hidden="true" />}>
      {sorted.length === 0 && <p className="text-sm text-slate-500">No experience listed.</p>}
      <ul className="space-y-4">
        {shown.map((e, i) => (
          <li key={`${e.title}-${e.company}-${i}`}>
            <p className="font-medium text-slate-900">
              {e.title} <span className="font-normal text-slate-600">at {e.company}</span>
              {e.isCurrent && (
                <Badge tone="brand" className="ml-2">
                  Current
                </Badge>
              )}
            </p>
            <p className="text-xs text-slate-500">{experienceDates(e)}</p>
            {e.description && <ReadMore text={e.description} className="mt-1" />}
          </li>
        ))}
      </ul>
      {sorted.length > 1 && (
        <button type="button" onClick={() => setShowAll((v) => !v)} className="mt-3 text-sm font-medium text-indigo-700 hover:underline">
          {showAll ? 'Show less' : `Show all experience (${sorted.length})`}
        </button>
      )}
    </Section>
  )
}

function ProjectsSection({ student }: { student: User }) {
  const projects = student.projects ?? []
  return (
    <Section title="Projects" icon={<FolderGit2 className="size-5 text-indigo-600" aria-hidden="true" />}>
      {projects.length === 0 && <p className="text-sm text-slate-500">No projects listed.</p>}
      <ul className="grid gap-4 sm:grid-cols-2">
        {projects.map((p, i) => {
          const techs = p.technologies ?? []
          const link = webHref(p.link)
          return (
            <li key={`${p.title}-${i}`} className="rounded-xl border border-slate-200 p-4">
              <p className="break-words font-medium text-slate-900">{p.title}</p>
              {p.description && <ReadMore text={p.description} className="mt-1" />}
              {techs.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-1" aria-label="Technologies">
                  {techs.slice(0, MAX_TECHNOLOGIES).map((t) => (
                    <li key={t}>
                      <Badge>{t}</Badge>
                    </li>
                  ))}
                </ul>
              )}
              {link && (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
                >
                  View project <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </Section>
  )
}

function ResumeSection({ resume }: { resume?: string }) {
  const href = fileHref(resume)
  return (
    <Section title="Resume" icon={<FileText className="size-5 text-indigo-600" aria-hidden="true" />}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
          View Resume
        </a>
      ) : (
        <p className="text-sm text-slate-500">No resume uploaded.</p>
      )}
    </Section>
  )
}

function PastSubmissionsSection({ submissions }: { submissions: PastSubmission[] }) {
  return (
    <Section title="Past Submissions" icon={<Send className="size-5 text-indigo-600" aria-hidden="true" />}>
      {submissions.length === 0 ? (
        <p className="text-sm text-slate-500">No submissions yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {submissions.map((s) => {
            const status = submissionStatus(s.status)
            const link = webHref(s.link)
            return (
              <li key={s._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                <span className="min-w-0 flex-1 break-words font-medium text-slate-900">{s.task.title}</span>
                <span className="text-slate-600">{s.startup?.companyName || 'Unknown'}</span>
                <span className="text-slate-500">{formatDay(s.submittedAt)}</span>
                <Badge tone={submissionTone[status] ?? 'neutral'} className="capitalize">
                  {status}
                </Badge>
                {link ? (
                  <a href={link} target="_blank" rel="noopener noreferrer" className="text-indigo-700 hover:underline">
                    View submission
                  </a>
                ) : (
                  <span className="text-slate-400">No submission link</span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

function ContactSection({ student, chatHref }: { student: User; chatHref?: string }) {
  return (
    <Section title="Contact" icon={<Mail className="size-5 text-indigo-600" aria-hidden="true" />}>
      {student.email && (
        <a href={`mailto:${student.email}`} className="block break-all text-sm text-indigo-700 hover:underline">
          {student.email}
        </a>
      )}
      {student.phone && <p className="mt-1 text-sm text-slate-600">{student.phone}</p>}
      {chatHref && (
        <Link to={chatHref} className={buttonClasses({ className: 'mt-4 w-full' })}>
          <MessageSquare className="size-4" aria-hidden="true" />
          Start Chat
        </Link>
      )}
    </Section>
  )
}
