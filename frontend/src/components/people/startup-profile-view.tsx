import type { ReactNode } from 'react'
import { PaymentRecordLine } from '@/components/payments/payment-record'
import { RatingSummary } from '@/components/ratings/rating-summary'
import { Avatar } from '@/components/ui/avatar'
import { Card } from '@/components/ui/card'
import { ReadMore } from '@/components/ui/read-more'
import { VerifiedBadge } from '@/components/ui/verified-badge'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'

type StartupProfileViewProps = {
  startup: User
  /** Edit Profile and the like; left out in the admin's view (spec §2). */
  actions?: ReactNode
  /** The Reviews section (components/ratings/reviews-list), below the profile; left out when undefined. */
  reviews?: ReactNode
}

/**
 * A startup's profile in view mode: company name with its verified badge, rating and payment
 * record, email, website, industry, description and size; then its Reviews.
 */
export function StartupProfileView({ startup, actions, reviews }: StartupProfileViewProps) {
  const name = displayName(startup)
  const rows: Array<[string, string | undefined]> = [
    ['Email', startup.email],
    ['Website', startup.website],
    ['Industry', startup.industry],
    ['Company size', startup.companySize],
  ]
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar src={startup.profilePicture} initials={avatarInitial(startup)} alt={name} size="lg" />
          <div className="min-w-0 flex-1">
            <h2 className="break-words text-2xl font-bold text-slate-900">{name}</h2>
            {startup.verifiedDomain && <VerifiedBadge domain={startup.verifiedDomain} className="mt-1" />}
            <RatingSummary rating={startup.rating} className="mt-1" />
            <PaymentRecordLine record={startup.paymentRecord} className="mt-1" />
          </div>
          {actions}
        </div>
        <dl className="mt-6 grid gap-4 sm:grid-cols-4">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="break-words text-sm text-slate-900">{value || 'N/A'}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mb-1 mt-6 text-xs font-medium uppercase tracking-wide text-slate-500">Company description</h2>
        {startup.companyDescription ? <ReadMore text={startup.companyDescription} /> : <p className="text-sm text-slate-500">No description yet.</p>}
      </Card>
      {reviews}
    </div>
  )
}
