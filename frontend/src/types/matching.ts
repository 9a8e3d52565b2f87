import type { components } from './api.gen'

// The matching API's shapes (docs/matching.md): students ranked for a task, tasks ranked for a
// student, and the invitations a startup sends from its matches. Each row says in words why.

/** A student ranked for a task: the same user JSON the students list sends, a score and its reasons. */
export type StudentMatch = components['schemas']['Match']

/** An open task ranked for the signed-in student. */
export type RecommendedTask = components['schemas']['Pick']

/**
 * A startup's invitation to a task, as the student and the startup read it, and the data of the
 * invitation.new and invitation.answered frames.
 */
export type Invitation = components['schemas']['Invitation']

/** A pending invitation reads as expired once its task is past its deadline, ended, or filled by another. */
export type InvitationStatus = Invitation['status']
