import { MessagesSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import type { ChatPartner } from '@/features/realtime'
import { cn } from '@/lib/cn'
import { PartnerList } from './partner-list'

type ChatPageViewProps = {
  heading: string
  partners: ChatPartner[]
  isLoading: boolean
  selectedId?: string
  /** The open conversation; nothing selected shows the prompt to pick someone. */
  panel?: ReactNode
}

/**
 * /chat and /chat/{userId}: the list on the left, the conversation on the right. On a phone one
 * column shows at a time: the list, or the conversation with its Back button.
 */
export function ChatPageView({ heading, partners, isLoading, selectedId, panel }: ChatPageViewProps) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-2 py-4 sm:px-6">
      <title>Chat · Bridgework</title>
      <h1 className="sr-only">Chat</h1>
      <Card className="grid h-[calc(100vh-10rem)] min-h-[28rem] flex-1 overflow-hidden md:grid-cols-[22rem_1fr]">
        <div className={cn('min-h-0 border-slate-200 md:flex md:flex-col md:border-r', panel ? 'hidden' : 'flex flex-col')}>
          <PartnerList heading={heading} partners={partners} isLoading={isLoading} selectedId={selectedId} />
        </div>
        <div className={cn('min-h-0 flex-col', panel ? 'flex' : 'hidden md:flex')}>
          {panel ?? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-500">
              <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
              <p>Select a user to start chatting</p>
            </div>
          )}
        </div>
      </Card>
    </div>
  )
}
