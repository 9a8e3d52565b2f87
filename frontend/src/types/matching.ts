import type { components } from './api.gen'

// The matching API's shapes (docs/matching.md): students ranked for a task, tasks ranked for a
// student, and the invitations a startup sends from its matches. Each row says in words why.
// Invitation is written out from the matching contract until the OpenAPI document describes it.

/** A student ranked for a task: the same user JSON the students list sends, a score and its reasons. */
export type StudentMatch = components['schemas']['Match']

/** An open task ranked for the signed-in student. */
export type RecommendedTask = components['schemas']['Pick']

/** A pending invitation reads as expired once its task is past its deadline, ended, or filled by another. */
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'expired'

export type Invitation = {
  _id: string
  task: { _id: string; title: string; deadline: string; currency: string; budget: { min: number; max: number }; seats: number }
  startup: { _id: string; companyName: string; profilePicture?: string }
  student: { _id: string; firstName: string; lastName: string; profilePicture?: string }
  message: string
  status: InvitationStatus
  /** The student's reason for declining, if they gave one. */
  reason: string
  createdAt: string
  answeredAt: string | null
  /** The task's deadline. */
  expiresAt: string
}
