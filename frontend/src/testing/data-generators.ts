import type { User, UserType } from '@/types/api'

let sequence = 0

/** A user as the API returns it, with fields that fit the type. */
export function createUser(overrides: Partial<User> & { userType?: UserType } = {}): User {
  sequence += 1
  const userType = overrides.userType ?? 'student'
  const base: User = {
    _id: `0193a000-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    userType,
    isVerified: false,
    email: `${userType}${sequence}@example.com`,
    firstName: userType === 'startup' ? '' : 'Sam',
    lastName: userType === 'startup' ? '' : 'Lee',
    companyName: userType === 'startup' ? 'Acme Labs' : '',
    skills: [],
    experience: [],
    projects: [],
    createdAt: '2025-01-01T00:00:00Z',
  }
  return { ...base, ...overrides }
}
