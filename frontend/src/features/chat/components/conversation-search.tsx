import { Search, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { MAX_SEARCH_LENGTH, useSearchMessages } from '../api/search-messages'
import { formatTime } from './message-list'
import { MessageAttachments } from './message-attachments'

type SearchBoxProps = {
  /** The search shown; '' is the thread. */
  query: string
  onSearch: (query: string) => void
}

/** "Search this conversation": Enter or the button searches; Escape or Clear returns to the thread. */
export function ConversationSearchBox({ query, onSearch }: SearchBoxProps) {
  const [draft, setDraft] = useState(query)
  const clear = () => {
    setDraft('')
    onSearch('')
  }
  return (
    <form
      role="search"
      className="flex items-center gap-2 border-b border-slate-200 px-4 py-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(draft.trim())
      }}
    >
      <label htmlFor="conversation-search" className="sr-only">
        Search this conversation
      </label>
      <input
        id="conversation-search"
        type="search"
        value={draft}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search this conversation"
        className={cn(inputClasses, 'border-slate-300 py-1.5')}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            clear()
          }
        }}
      />
      <Button type="submit" variant="outline" size="sm" disabled={draft.trim() === ''}>
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
      {query !== '' && (
        <Button type="button" variant="ghost" size="sm" onClick={clear}>
          <X className="size-4" aria-hidden="true" />
          Clear search
        </Button>
      )}
    </form>
  )
}

/** `text` with every case-insensitive occurrence of `query` in <mark>. */
export function highlight(text: string, query: string): ReactNode[] {
  if (!query) return [text]
  const lower = text.toLowerCase()
  const needle = query.toLowerCase()
  const parts: ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(
      <mark key={at} className="rounded bg-amber-200 px-0.5 text-slate-900">
        {text.slice(at, at + needle.length)}
      </mark>,
    )
    from = at + needle.length
  }
  if (from < text.length) parts.push(text.slice(from))
  return parts
}

type SearchResultsProps = {
  partnerId: string
  partnerName: string
  me: string
  query: string
}

/** The messages matching `query`, newest first, with who sent each and when. */
export function ConversationSearchResults({ partnerId, partnerName, me, query }: SearchResultsProps) {
  const results = useSearchMessages(partnerId, query)
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
      {results.isPending ? (
        <p className="text-center text-sm text-slate-500">Searching...</p>
      ) : results.isError ? (
        <p role="alert" className="text-center text-sm text-red-600">
          Search failed. Try a shorter or different search.
        </p>
      ) : results.data.length === 0 ? (
        <p className="text-center text-sm text-slate-500">No messages match “{query}”</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500" aria-live="polite">
            {results.data.length === 1 ? '1 message matches' : `${results.data.length}${results.hasNextPage ? '+' : ''} messages match`}
          </p>
          <ol aria-label={`Messages matching “${query}”`} className="space-y-2">
            {results.data.map((m) => (
              <li key={m._id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <p className="flex items-center justify-between gap-2 text-xs text-slate-500">
                  <span className="font-medium text-slate-700">{m.sender === me ? 'You' : partnerName}</span>
                  <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{highlight(m.content, query)}</p>
                {m.attachments.length > 0 && (
                  <div className="mt-1">
                    <MessageAttachments attachments={m.attachments} own={false} />
                  </div>
                )}
              </li>
            ))}
          </ol>
          {results.hasNextPage && (
            <div className="mt-3 flex justify-center">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void results.fetchNextPage()}
                isLoading={results.isFetchingNextPage}
                loadingText="Loading..."
              >
                Load older matches
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
