import { SendHorizontal } from 'lucide-react'
import type { FormEvent, KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { inputClasses } from '@/components/ui/input'
import { cn } from '@/lib/cn'

/** The server's limit on a message's length. */
export const MAX_MESSAGE_LENGTH = 2000

type ComposerProps = {
  value: string
  onChange: (value: string) => void
  onSend: () => void
  isSending: boolean
}

/** Textarea and Send. Enter sends, Shift+Enter starts a new line; Send is off while empty or sending. */
export function Composer({ value, onChange, onSend, isSending }: ComposerProps) {
  const empty = value.trim() === ''
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!empty && !isSending) onSend()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }
  return (
    <form onSubmit={submit} aria-label="Send a message" className="flex items-end gap-2 border-t border-slate-200 p-3">
      <label htmlFor="chat-composer" className="sr-only">
        Message
      </label>
      <textarea
        id="chat-composer"
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder="Type a message…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'min-h-[2.75rem] flex-1 resize-none border-slate-300')}
      />
      <Button type="submit" disabled={empty || isSending} isLoading={isSending} aria-label="Send">
        <SendHorizontal className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Send</span>
      </Button>
    </form>
  )
}
