import { Pencil } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { StartupProfileView } from '@/components/people/startup-profile-view'
import { ReviewsList } from '@/components/ratings/reviews-list'
import { buttonClasses } from '@/components/ui/button'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth-store'
import { useStartup } from '../api/get-startup'

/** /startup/:id: a startup's public page, which dashboards link to. Its owner gets Edit Profile. */
export function StartupDetailPage() {
  const { id = '' } = useParams()
  const viewer = useCurrentUser()
  const startup = useStartup(id)
  const isOwner = viewer?._id === id
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <title>Startup · Bridgework</title>
      <h1 className="sr-only">Startup profile</h1>
      <QueryState
        query={startup}
        loadingLabel="Loading startup"
        error={isApiError(startup.error) && startup.error.status === 404 ? 'Startup not found.' : 'Failed to fetch profile'}
      >
        {(data) => (
          <StartupProfileView
            startup={data.startup}
            // The startup on its own page answers its reviews.
            reviews={<ReviewsList userId={data.startup._id} canAnswer={isOwner && viewer?.userType === 'startup'} />}
            actions={
              isOwner ? (
                <Link to={paths.profile} className={buttonClasses({ variant: 'outline' })}>
                  <Pencil className="size-4" aria-hidden="true" /> Edit Profile
                </Link>
              ) : undefined
            }
          />
        )}
      </QueryState>
    </div>
  )
}
