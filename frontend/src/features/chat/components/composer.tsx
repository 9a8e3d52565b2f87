import { FileText, Image as ImageIcon, Paperclip, SendHorizontal, X } from 'lucide-react'
import { useRef, type FormEvent, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { inputClasses } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { CHAT_FILE_TYPES } from '@/lib/uploads'
import { formatSize, isImage } from '../lib/attachments'
import type { PendingFile } from '../lib/pending-files'

/** The server's limit on a message's length. */
export const MAX_MESSAGE_LENGTH = 2000

type ComposerProps = {
  value: string
  onChange: (value: string) => void
  onSend: () => void
  isSending: boolean
  /** Files picked for the next message (usePendingFiles); without `onAttach` there is no Attach button. */
  files?: PendingFile[]
  onAttach?: (files: File[]) => void
  onRemoveFile?: (key: number) => void
}

/**
 * Textarea, Attach and Send. Enter sends, Shift+Enter starts a new line. A message needs text or a
 * file; Send is off while there is neither, while a file is uploading, and while sending.
 */
export function Composer({ value, onChange, onSend, isSending, files = [], onAttach, onRemoveFile }: ComposerProps) {
  const input = useRef<HTMLInputElement>(null)
  const uploading = files.some((f) => !f.upload)
  const empty = value.trim() === '' && files.length === 0
  const blocked = empty || uploading || isSending
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!blocked) onSend()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }
  return (
    <form onSubmit={submit} aria-label="Send a message" className="border-t border-slate-200 p-3">
      {files.length > 0 && (
        <ul aria-label="Files to send" className="mb-2 flex flex-wrap gap-2">
          {files.map((f) => (
            <li
              key={f.key}
              className="flex max-w-full items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 py-1 pl-3 pr-1 text-xs text-slate-700"
            >
              {f.upload ? (
                isImage(f.upload) ? (
                  <ImageIcon className="size-3.5 shrink-0" aria-hidden="true" />
                ) : (
                  <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                )
              ) : (
                <Spinner size="sm" decorative className="size-3.5" />
              )}
              <span className="truncate">{f.name}</span>
              <span className="shrink-0 text-slate-500">{f.upload ? formatSize(f.upload.size) : 'Uploading…'}</span>
              {onRemoveFile && (
                <button
                  type="button"
                  onClick={() => onRemoveFile(f.key)}
                  aria-label={`Remove ${f.name}`}
                  className="rounded-full p-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        {onAttach && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept={CHAT_FILE_TYPES}
              aria-label="Attach files"
              className="hidden"
              onChange={(event) => {
                const picked = [...(event.target.files ?? [])]
                event.target.value = '' // the same file may be picked again
                if (picked.length > 0) onAttach(picked)
              }}
            />
            <Button
              variant="ghost"
              aria-label="Attach an image or PDF"
              title="Attach an image or PDF"
              onClick={() => input.current?.click()}
              className="px-3"
            >
              <Paperclip className="size-4" aria-hidden="true" />
            </Button>
          </>
        )}
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
        <Button type="submit" disabled={blocked} isLoading={isSending} aria-label="Send">
          <SendHorizontal className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
    </form>
  )
}
