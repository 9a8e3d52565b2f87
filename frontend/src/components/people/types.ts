/** One row of a student's Past Submissions (spec §2): task title, startup, date, status, link. */
export type PastSubmission = {
  _id: string
  link: string
  status: string
  submittedAt: string
  task: { _id: string; title: string }
  startup?: { _id: string; companyName?: string } | null
}
