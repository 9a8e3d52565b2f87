import type { ReactNode } from 'react'
import { SplitView } from '@/components/layouts/split-view'
import type { ChatPartner } from '../api/types'
import { PartnerList } from './partner-list'

type ChatPageViewProps = {
  heading: string
  partners: ChatPartner[]
  isLoading: boolean
  selectedId?: string
  /** The open conversation; nothing selected shows the prompt to pick someone. */
  panel?: ReactNode
}

/** /chat and /chat/{userId}: the people to chat with on the left, the conversation on the right. */
export function ChatPageView({ heading, partners, isLoading, selectedId, panel }: ChatPageViewProps) {
  return (
    <SplitView
      title="Chat"
      list={<PartnerList heading={heading} partners={partners} isLoading={isLoading} selectedId={selectedId} />}
      panel={panel}
      emptyText="Select a user to start chatting"
    />
  )
}
