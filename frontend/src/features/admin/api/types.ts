import type { User } from '@/types/api'

// What the admin endpoints answer (backend/httpapi/admin.go): tasks as the marketplace sends
// them, with displayStatus as the task's owner sees it.

/** The admin tables show 20 rows a page. */
export const ADMIN_PER_PAGE = 20

export type TaskPerson = { _id: string; firstName?: string; lastName?: string; email?: string; companyName?: string; logo?: string }

export type TaskSubmission = {
  _id: string
  student: TaskPerson | null
  link: string
  status: string
  submittedAt: string
  reviewNotes?: string
}

export type AdminTask = {
  _id: string
  title: string
  description: string
  category: string
  workType: string
  skills: string[]
  deadline: string
  status: string
  displayStatus: string
  imageUrl?: string
  attachments?: Array<{ name: string; url: string }>
  startup: TaskPerson | null
  assignedStudent: TaskPerson | null
  submissions: TaskSubmission[]
  completedAt?: string | null
  certificateId?: string
}

export type AdminCertificate = {
  _id: string
  certificateNumber: string
  title: string
  skills: string[]
  issuedAt: string
  startup: { _id: string; companyName: string }
}

export type AdminStudentDashboard = {
  user: User
  stats: { activeTasks: number; completed: number; certificates: number }
  activeTasks: AdminTask[]
  availableTasks: { items: AdminTask[]; total: number }
  recentlyCompleted: AdminTask[]
  startups: TaskPerson[]
  tasks: AdminTask[]
  certificates: AdminCertificate[]
}

export type AdminSubmissionRow = TaskSubmission & { task: { _id: string; title: string; status: string; displayStatus: string } }

export type AdminStartupDashboard = {
  startup: User
  stats: { activeTasks: number; studentsHired: number; studentsWorking: number }
  tasks: AdminTask[]
  totalTasks: number
  submissions: AdminSubmissionRow[]
}

export type HelpRequest = { _id: string; phone: string; email: string; createdAt: string }
