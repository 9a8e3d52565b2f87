import type { components } from './api.gen'

// The marketplace's shapes as the Go API sends them, generated from its OpenAPI document
// (backend/httpapi/openapi/marketplace.json).

/** A startup ({_id, companyName, email, logo}) or a student ({_id, firstName, lastName, username, email}). */
export type Person = components['schemas']['Person']

export type Submission = components['schemas']['Submission']

export type SubmissionStatus = Submission['status']

/**
 * One round of a submission: its link, status, review notes and times (DESIGN.md §3, revision
 * rounds).
 */
export type Revision = components['schemas']['Revision']

export type Task = components['schemas']['Task']

/**
 * Deadline (soonest first), title, pay (highest budget first, compared approximately in the
 * server's base currency), or, for a student only, best match (their recommended order).
 */
export type TaskSort = 'deadline' | 'title' | 'pay' | 'best-match'
export type TaskSource = '' | 'startup' | 'non-startup'

/** Search, filters, sort and page of a task list; all applied by the server, 12 tasks a page. */
export type TaskQuery = {
  search?: string
  category?: string
  /** YYYY-MM-DD: deadline on or before. */
  deadline?: string
  source?: TaskSource
  sort?: TaskSort
  /** 'true': only tasks with a budget above 0. */
  paid?: 'true'
  /** A budget range in payCurrency's major units, as the filter panel's inputs hold them. */
  payMin?: string
  payMax?: string
  /** ISO 4217 code of payMin and payMax: the viewer's choice (defaultPayCurrency until they make one). */
  payCurrency?: string
  status?: string
  page?: number
}

/** A row of the startup's submissions table. */
export type SubmissionRow = components['schemas']['SubmissionRow']

/** GET /api/tasks/{id}: a task's page, with a signed-in student's own submission. */
export type TaskPage = components['schemas']['TaskPage']
