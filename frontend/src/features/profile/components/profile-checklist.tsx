import { CheckCircle2, Circle } from 'lucide-react'
import { Card } from '@/components/ui/card'
import type { User } from '@/types/api'

/** A part of the profile the checklist asks for, named as the form's field. */
export type ProfileStep = 'bio' | 'skills' | 'projects' | 'resume'

const steps: Array<{ step: ProfileStep; label: string; done: (user: User) => boolean }> = [
  { step: 'bio', label: 'Add a bio', done: (u) => Boolean(u.bio?.trim()) },
  { step: 'skills', label: 'Add your skills', done: (u) => (u.skills?.length ?? 0) > 0 },
  { step: 'projects', label: 'Add a project', done: (u) => (u.projects?.length ?? 0) > 0 },
  { step: 'resume', label: 'Upload your résumé', done: (u) => Boolean(u.resume) },
]

/** Whether every step of the checklist is done. */
export function profileComplete(user: User): boolean {
  return steps.every((s) => s.done(user))
}

/**
 * "Complete your profile" (docs/marketplace.md, "A first week"): what startups look for, each
 * checked when done and, while not, a button to that field of the form.
 */
export function ProfileChecklist({ user, onOpen }: { user: User; onOpen: (step: ProfileStep) => void }) {
  const done = steps.filter((s) => s.done(user)).length
  return (
    <Card className="p-6">
      <section aria-labelledby="profile-checklist-title" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="profile-checklist-title" className="text-lg font-semibold text-slate-900">
            Complete your profile
          </h2>
          <p className="text-sm text-slate-600">
            {done} of {steps.length} done
          </p>
        </div>
        <p className="text-sm text-slate-600">Startups browse students by these. Your name and college are already here from sign-up.</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {steps.map(({ step, label, done: isDone }) => {
            const checked = isDone(user)
            return (
              <li key={step} className="flex items-center gap-2 text-sm">
                {checked ? (
                  <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <Circle className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                )}
                {checked ? (
                  <span className="text-slate-500 line-through">
                    {label}
                    <span className="sr-only"> (done)</span>
                  </span>
                ) : (
                  <button type="button" onClick={() => onOpen(step)} className="text-left font-medium text-indigo-700 hover:underline">
                    {label}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      </section>
    </Card>
  )
}
