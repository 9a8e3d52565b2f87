import type { components } from '@/types/api.gen'

/** The issuer is as it stands now: verifiedDomain is "" when it is not verified, since is when it joined. */
export type Certificate = components['schemas']['Certificate']
