import type { User, UserType } from '@/types/api'

type NameParts = Pick<User, 'userType' | 'companyName' | 'firstName'> & Partial<Pick<User, 'lastName' | 'username' | 'email'>>

/**
 * Spec §2: the avatar initial is the company name's first letter for a startup, else the first
 * name's first letter, else U.
 */
export function avatarInitial(user: Partial<NameParts> | null | undefined): string {
  const company = user?.companyName?.trim()
  if (user?.userType === 'startup' && company) return company[0]!.toUpperCase()
  const first = user?.firstName?.trim()
  if (first) return first[0]!.toUpperCase()
  return 'U'
}

/** The name to show for a user: company for a startup, else first and last name. */
export function displayName(user: Partial<NameParts> | null | undefined): string {
  if (!user) return 'User'
  const company = user.companyName?.trim()
  if (user.userType === 'startup' && company) return company
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return full || user.username || user.email || 'User'
}

/** What each startup plan means; Free is the one plan there is. */
const TIER_HINTS: Record<string, string> = {
  free: 'Free: every feature, with no subscription. It is the only plan.',
}

/** A line saying what the startup's tier (none means Free) gives, or '' for a tier we cannot explain. */
export function tierHint(tier: string | undefined): string {
  return TIER_HINTS[(tier || 'free').toLowerCase()] ?? ''
}

export function hasUserType(user: Pick<User, 'userType'> | null | undefined, ...types: UserType[]): boolean {
  return Boolean(user && types.includes(user.userType))
}
