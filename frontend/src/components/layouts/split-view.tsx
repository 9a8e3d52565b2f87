import { MessagesSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/cn'

type SplitViewProps = {
  /** The page's name: the tab title and its heading. */
  title: string
  /** What the page holds, beside its name. */
  description: string
  list: ReactNode
  /** The open item; without one, `emptyText` prompts to pick one. */
  panel?: ReactNode
  emptyText: string
}

/**
 * A list on the left and the open item on the right (/chat, /messages), filling the height the
 * layout gives it: each column scrolls on its own. On a phone one column shows at a time: the
 * list, or the open item with its own Back button (the heading then stays for screen readers only).
 */
export function SplitView({ title, description, list, panel, emptyText }: SplitViewProps) {
  return (
    <div className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 flex-col px-2 py-2 sm:px-6 sm:py-4">
      <title>{`${title} · Bridgework`}</title>
      <div className={cn('flex flex-wrap items-baseline gap-x-3 px-2 pb-2 sm:pb-3', panel !== undefined && 'max-md:sr-only')}>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {/* minmax(0, …): a long name or email truncates inside its column instead of widening it past the card. */}
      <Card className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] overflow-hidden md:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={cn('min-h-0 min-w-0 border-slate-200 md:flex md:flex-col md:border-r', panel ? 'hidden' : 'flex flex-col')}>{list}</div>
        <div className={cn('min-h-0 min-w-0 flex-col', panel ? 'flex' : 'hidden md:flex')}>
          {panel ?? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-500">
              <MessagesSquare className="size-10 text-slate-300" aria-hidden="true" />
              <p>{emptyText}</p>
            </div>
          )}
        </div>
      </Card>
    </div>
  )
}
