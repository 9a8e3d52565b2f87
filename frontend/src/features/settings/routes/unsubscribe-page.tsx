import { useSearchParams } from 'react-router'
import { useUnsubscribe } from '../api/unsubscribe'
import { UnsubscribePageView } from '../components/unsubscribe-page-view'

/** /unsubscribe?token=… (public): one click turns off the emails the link came with. */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') || null
  const unsubscribe = useUnsubscribe()
  return (
    <UnsubscribePageView
      token={token}
      onUnsubscribe={() => token && unsubscribe.mutate(token)}
      isSubmitting={unsubscribe.isPending}
      unsubscribed={unsubscribe.data?.unsubscribed}
      error={unsubscribe.error}
    />
  )
}
