// The marketplace's shapes as the Go API sends them (backend/httpapi/openapi/marketplace.json).

/** A startup ({_id, companyName, email, logo}) or a student ({_id, firstName, lastName, username, email}). */
export type Person = {
  _id: string
  firstName?: string
  lastName?: string
  username?: string
  email?: string
  companyName?: string
  logo?: string
  /** A verified startup's domain, for its badge. */
  verifiedDomain?: string
}

export type SubmissionStatus = 'pending' | 'under-review' | 'approved' | 'rejected'

export type Submission = {
  _id: string
  student: Person | null
  link: string
  status?: SubmissionStatus
  submittedAt: string
  reviewNotes?: string
}

export type Task = {
  _id: string
  title: string
  description: string
  category: string
  workType: string
  skills: string[]
  difficulty?: string
  estimatedHours: number
  budget: { min: number; max: number }
  deadline: string
  priority: string
  imageUrl?: string
  attachments: Array<{ name: string; url: string }>
  assignedStudent: Person | null
  /** Stored status: open, submitted, under-review or completed. */
  status: string
  /** What this viewer should see: spec §4's derived status, or a student's own submission's. */
  displayStatus: string
  startup: Person | null
  submissions: Submission[]
  completedAt?: string | null
  createdAt: string
  certificateId?: string
}

export type TaskSort = 'deadline' | 'title'
export type TaskSource = '' | 'startup' | 'non-startup'

/** Search, filters, sort and page of a task list; all applied by the server, 12 tasks a page. */
export type TaskQuery = {
  search?: string
  category?: string
  /** YYYY-MM-DD: deadline on or before. */
  deadline?: string
  source?: TaskSource
  sort?: TaskSort
  status?: string
  page?: number
}

/** A row of the startup's submissions table. */
export type SubmissionRow = Submission & { task: { _id: string; title: string; status: string; displayStatus: string } }
