import type { components } from '@/types/api.gen'

// What the admin endpoints answer (backend/httpapi/admin.go), generated from the OpenAPI
// document: tasks as the marketplace sends them, with displayStatus as the task's owner sees it.

/** The admin tables show 20 rows a page. */
export const ADMIN_PER_PAGE = 20

export type TaskPerson = components['schemas']['Person']

export type TaskSubmission = components['schemas']['Submission']

export type AdminTask = components['schemas']['Task']

export type AdminCertificate = components['schemas']['Certificate']

export type AdminStudentDashboard = components['schemas']['AdminStudentDashboard']

export type AdminSubmissionRow = components['schemas']['SubmissionRow']

export type AdminStartupDashboard = components['schemas']['AdminStartupDashboard']

export type HelpRequest = components['schemas']['HelpRequest']
