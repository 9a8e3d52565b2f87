import { useLayoutEffect, useRef, useState } from 'react'
import { cn } from '@/lib/cn'

/** Text this long is assumed to overflow three lines where layout cannot be measured (tests). */
const LONG_TEXT = 180

type ReadMoreProps = { text: string; className?: string }

/**
 * Spec §9: descriptions clamp to 3 lines until Read more; Read less clamps them again. The
 * toggle appears only when the text is cut. Text is rendered as text, never as HTML.
 */
export function ReadMore({ text, className }: ReadMoreProps) {
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(text.length > LONG_TEXT)
  const ref = useRef<HTMLParagraphElement>(null)

  useLayoutEffect(() => {
    const element = ref.current
    if (!element || expanded || element.clientHeight === 0) return
    setOverflows(element.scrollHeight > element.clientHeight + 1)
  }, [text, expanded])

  if (!text) return null
  return (
    <div className={className}>
      <p ref={ref} className={cn('whitespace-pre-line break-words text-sm text-slate-600', !expanded && 'line-clamp-3')}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          className="mt-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
    </div>
  )
}
