import type { Experience, Project, Skill, User, UserType } from '@/types/api'

let sequence = 0

/** Overrides of a user; skills, experience and projects may leave out what the API fills in. */
export type UserOverrides = Omit<Partial<User>, 'skills' | 'experience' | 'projects'> & {
  userType?: UserType
  skills?: Array<Pick<Skill, 'name'> & Partial<Skill>>
  experience?: Array<Pick<Experience, 'title' | 'company'> & Partial<Experience>>
  projects?: Array<Pick<Project, 'title'> & Partial<Project>>
}

/** A user as the API returns it, with fields that fit the type. */
export function createUser(overrides: UserOverrides = {}): User {
  sequence += 1
  const userType = overrides.userType ?? 'student'
  const id = `0193a000-0000-7000-8000-${String(sequence).padStart(12, '0')}`
  const base: User = {
    _id: id,
    id,
    userType,
    isVerified: false,
    email: `${userType}${sequence}@example.com`,
    firstName: userType === 'startup' ? '' : 'Sam',
    lastName: userType === 'startup' ? '' : 'Lee',
    username: '',
    companyName: userType === 'startup' ? 'Acme Labs' : '',
    companyDescription: '',
    companySize: '',
    industry: '',
    tier: '',
    website: '',
    verifiedDomain: '',
    college: '',
    institute: '',
    bio: '',
    headline: '',
    summary: '',
    profilePicture: '',
    skills: [],
    experience: [],
    projects: [],
    createdAt: '2025-01-01T00:00:00Z',
  }
  const { skills, experience, projects, ...rest } = overrides
  return {
    ...base,
    ...rest,
    id: overrides.id ?? overrides._id ?? id,
    skills: (skills ?? []).map((s) => ({ level: 'beginner', isVerified: false, ...s })),
    experience: (experience ?? []).map((e) => ({ description: '', startDate: '', endDate: '', isCurrent: false, ...e })),
    projects: (projects ?? []).map((p) => ({ description: '', technologies: [], link: '', ...p })),
  }
}
