import { CalendarDays } from 'lucide-react'
import { useState } from 'react'
import { formatDay, submissionStatus, submissionTone } from '@/components/people/format'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { ImageLightbox, type LightboxImage } from '@/components/ui/image-lightbox'
import { ReadMore } from '@/components/ui/read-more'
import { fileHref, webHref } from '@/lib/files'
import { formatPay } from '@/lib/tasks/pay'
import type { AdminTask, TaskPerson, TaskSubmission } from '../api/types'

const statusTone: Record<string, BadgeTone> = {
  open: 'info',
  submitted: 'warning',
  'in-progress': 'warning',
  review: 'warning',
  'under-review': 'warning',
  completed: 'success',
  rejected: 'danger',
}

/** Spec §9: cards show 3 skills, then +N more. */
const SHOWN_SKILLS = 3

const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i

/** The task's picture and every attachment that is an image, for the lightbox. */
export function taskImages(task: AdminTask): LightboxImage[] {
  const urls = [task.imageUrl, ...(task.attachments ?? []).filter((a) => IMAGE_NAME.test(a.name)).map((a) => a.url)]
  const unique = [...new Set(urls.map((u) => fileHref(u)).filter((u): u is string => Boolean(u)))]
  return unique.map((src, i) => ({ src, alt: `${task.title}, image ${i + 1}` }))
}

export function personName(p: TaskPerson | null | undefined): string {
  if (!p) return 'Unknown'
  return p.companyName || [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || 'Unknown'
}

type TaskCardProps = {
  task: AdminTask
  /** List the task's submissions (a startup's posted tasks). */
  showSubmissions?: boolean
  /** Spec §9: 2 skills on dashboard cards, 3 elsewhere, then +N more. */
  skillsShown?: number
}

/** A read-only task card (admin): no submit, no approve, no chat. */
export function TaskCard({ task, showSubmissions = false, skillsShown = SHOWN_SKILLS }: TaskCardProps) {
  const [shown, setShown] = useState<number | null>(null)
  const images = taskImages(task)
  const status = task.displayStatus || task.status || 'open'
  return (
    <Card role="article" aria-label={task.title} className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-slate-900">{task.title}</h3>
        <Badge tone={statusTone[status] ?? 'neutral'} className="capitalize">
          {status.replace('-', ' ')}
        </Badge>
      </div>
      {task.deadline && (
        <p className="flex items-center gap-1 text-xs text-slate-500">
          <CalendarDays className="size-3.5" aria-hidden="true" /> Due {formatDay(task.deadline)}
        </p>
      )}
      <ReadMore text={task.description} />
      <p className="text-xs text-slate-500">
        <span className="capitalize">{task.category.replace(/-/g, ' ')}</span> · <span className="capitalize">{task.workType}</span> ·{' '}
        {personName(task.startup)} · {formatPay(task.budget, task.currency)}
      </p>
      {task.skills.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Skills">
          {task.skills.slice(0, skillsShown).map((skill) => (
            <li key={skill}>
              <Badge tone="brand">{skill}</Badge>
            </li>
          ))}
          {task.skills.length > skillsShown && <li className="text-xs text-slate-500">+{task.skills.length - skillsShown} more</li>}
        </ul>
      )}
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images">
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setShown(i)}
                className="overflow-hidden rounded-lg ring-indigo-600 focus-visible:ring-2"
                aria-label={`Open image ${i + 1} of ${images.length}`}
              >
                <img src={image.src} alt="" className="size-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {showSubmissions && <SubmissionList submissions={task.submissions} />}
      <ImageLightbox images={images} index={shown} onIndexChange={setShown} onClose={() => setShown(null)} />
    </Card>
  )
}

export function SubmissionLink({ link }: { link: string | undefined }) {
  const href = webHref(link)
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break-all text-indigo-700 hover:underline">
      {href}
    </a>
  ) : (
    <span className="text-slate-400">No submission link</span>
  )
}

function SubmissionList({ submissions }: { submissions: TaskSubmission[] }) {
  if (submissions.length === 0) return <p className="text-sm text-slate-500">No submissions yet.</p>
  return (
    <div>
      <h4 className="mb-1 text-sm font-semibold text-slate-800">Submissions</h4>
      <ul className="divide-y divide-slate-100 text-sm">
        {submissions.map((s) => {
          const st = submissionStatus(s.status)
          return (
            <li key={s._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium text-slate-800">{personName(s.student)}</span>
              <SubmissionLink link={s.link} />
              <Badge tone={submissionTone[st] ?? 'neutral'} className="capitalize">
                {st}
              </Badge>
              <span className="text-xs text-slate-500">{formatDay(s.submittedAt)}</span>
              {s.reviewNotes && <span className="w-full text-xs text-slate-600">{s.reviewNotes}</span>}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
