import { useEffect } from 'react'
import { useParams } from 'react-router'
import { paths } from '@/config/paths'
import { useCurrentUser } from '@/lib/auth-store'
import { notify } from '@/lib/notify'
import { useChatPartners } from '../api/get-partners'
import { ChatPageView } from '../components/chat-page-view'
import { ChatPanel } from '../components/chat-panel'

/** /chat and /chat/{userId} (students and startups). */
export function ChatPage() {
  const { userId } = useParams()
  const me = useCurrentUser()
  const viewerType = me?.userType ?? 'student'
  const partners = useChatPartners(viewerType)

  useEffect(() => {
    if (partners.isError) notify.error('Failed to load users')
  }, [partners.isError])

  const list = partners.data ?? []
  return (
    <ChatPageView
      heading={viewerType === 'student' ? 'Startups' : 'Students'}
      partners={list}
      isLoading={partners.isPending}
      selectedId={userId}
      panel={
        userId ? (
          <ChatPanel
            key={userId}
            partnerId={userId}
            partner={list.find((p) => p._id === userId)}
            backTo={paths.chat}
            backLabel="Back"
          />
        ) : undefined
      }
    />
  )
}
