import { Download, FileText } from 'lucide-react'
import { fileHref } from '@/lib/files'
import { cn } from '@/lib/cn'
import type { ChatAttachment } from '../api/types'
import { formatSize, isImage } from '../lib/attachments'

type MessageAttachmentsProps = {
  attachments: ChatAttachment[]
  /** On an own (indigo) bubble: light text. */
  own: boolean
}

/**
 * A message's files: images as thumbnails that open full size in a new tab, PDFs as download links
 * with their name and size. Their links are signed for the reader (docs/security.md).
 */
export function MessageAttachments({ attachments, own }: MessageAttachmentsProps) {
  if (attachments.length === 0) return null
  return (
    <ul aria-label="Files" className="mb-1 flex flex-col gap-1.5">
      {attachments.map((a) => {
        const href = fileHref(a.url)
        if (!href) return null
        return (
          <li key={a.url}>
            {isImage(a) ? (
              <a href={href} target="_blank" rel="noopener noreferrer" title={`Open ${a.name}`} className="block">
                <img src={href} alt={a.name} loading="lazy" className="max-h-48 max-w-full rounded-lg bg-white object-contain sm:max-w-xs" />
              </a>
            ) : (
              <a
                href={href}
                download={a.name}
                className={cn(
                  'flex items-center gap-2 rounded-lg px-2 py-1.5 underline-offset-2 hover:underline',
                  own ? 'bg-indigo-500 text-white' : 'bg-white text-slate-900',
                )}
              >
                <FileText className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">{a.name}</span>
                <span className={cn('shrink-0 text-xs', own ? 'text-indigo-100' : 'text-slate-500')}>{formatSize(a.size)}</span>
                <Download className="size-3.5 shrink-0" aria-hidden="true" />
              </a>
            )}
          </li>
        )
      })}
    </ul>
  )
}
