import { webHref } from '@/lib/files'
import type { Submission } from '@/types/tasks'
import { RevisionHistory, RevisionSummary } from './revision-history'

/** A student's own submission on their task: the current link, revision, latest notes and History. */
export function OwnSubmission({ submission }: { submission: Submission | undefined }) {
  if (!submission?.link) return null
  const href = webHref(submission.link)
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-2 text-sm">
      <p className="text-slate-700">
        <span className="font-medium">Your link: </span>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-indigo-700 hover:underline">
            {submission.link}
          </a>
        ) : (
          <span className="break-all">{submission.link}</span>
        )}
      </p>
      <RevisionSummary revision={submission.revision} reviewNotes={submission.reviewNotes} />
      <RevisionHistory revisions={submission.revisions} whose="your submission" />
    </div>
  )
}

/** "Submit revision 3" for work sent back for changes; Submit Task otherwise. */
export function submitLabelFor(submission: Submission | undefined): string | undefined {
  return submission?.status === 'changes_requested' ? `Submit revision ${(submission.revision ?? 1) + 1}` : undefined
}
