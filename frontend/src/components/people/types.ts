import type { components } from '@/types/api.gen'

/** One row of a student's Past Submissions (spec §2): task title, startup, date, status, link. */
export type PastSubmission = components['schemas']['PastSubmission']
