import { submissionStatusOf } from '@/lib/tasks/status'

/** Whether any of these submissions is approved: only then has a screen a payment to show. */
export function anyApproved(submissions: ReadonlyArray<{ status?: string }>): boolean {
  return submissions.some((sub) => submissionStatusOf(sub.status) === 'approved')
}
