import { MessagesSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import type { Conversation } from '@/features/realtime'
import { cn } from '@/lib/cn'
import { ConversationList } from './conversation-list'

type MessagesPageViewProps = {
  conversations: Conversation[]
  isLoading: boolean
  me: string
  selectedId?: string
  linkTo: (partnerId: string) => string
  /** The open conversation; nothing selected shows the prompt to pick one. */
  panel?: ReactNode
}

/** /messages: conversations on the left, the open one on the right; one column on a phone. */
export function MessagesPageView({ conversations, isLoading, me, selectedId, linkTo, panel }: MessagesPageViewProps) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-2 py-4 sm:px-6">
      <title>Messages · Bridgework</title>
      <h1 className="sr-only">Messages</h1>
      <Card className="grid h-[calc(100vh-10rem)] min-h-[28rem] flex-1 overflow-hidden md:grid-cols-[22rem_1fr]">
        <div className={cn('min-h-0 border-slate-200 md:flex md:flex-col md:border-r', panel ? 'hidden' : 'flex flex-col')}>
          <ConversationList conversations={conversations} isLoading={isLoading} me={me} selectedId={selectedId} linkTo={linkTo} />
        </div>
        <div className={cn('min-h-0 flex-col', panel ? 'flex' : 'hidden md:flex')}>
          {panel ?? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-500">
              <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
              <p>Select a conversation</p>
            </div>
          )}
        </div>
      </Card>
    </div>
  )
}
