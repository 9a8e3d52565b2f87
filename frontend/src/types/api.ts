// Shapes shared with the Go backend (docs/api-contract.md). Feature-specific response types
// live beside the request that returns them.

export type UserType = 'student' | 'startup' | 'admin'

export type SkillLevel = 'beginner' | 'intermediate' | 'advanced' | 'expert'

export type Skill = {
  name: string
  level?: SkillLevel
  isVerified?: boolean
}

export type Experience = {
  title: string
  company: string
  description?: string
  startDate?: string
  endDate?: string
  isCurrent?: boolean
}

export type Project = {
  title: string
  description?: string
  technologies?: string[]
  link?: string
}

export type User = {
  _id: string
  userType: UserType
  isVerified?: boolean
  firstName?: string
  lastName?: string
  username?: string
  /** Left out where the viewer may not see it (docs/api-contract.md, "Who sees which field"). */
  email?: string
  companyName?: string
  companyDescription?: string
  companySize?: string
  industry?: string
  tier?: string
  /** A startup's site; verifiedDomain is the domain it proved by a mailed link ("" when not verified). */
  website?: string
  verifiedDomain?: string
  verifiedAt?: string
  phone?: string
  college?: string
  institute?: string
  collegeEmail?: string
  bio?: string
  headline?: string
  summary?: string
  profilePicture?: string
  resume?: string
  skills?: Skill[]
  experience?: Experience[]
  projects?: Project[]
  createdAt?: string
}

/** What /api/login and /api/register answer. */
export type AuthResponse = {
  token: string
  user: User
}

/** The one error body every endpoint uses. */
export type ApiErrorBody = {
  message?: string
  code?: string
  fields?: Record<string, string>
}
