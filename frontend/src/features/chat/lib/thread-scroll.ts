import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** Within this many pixels of the end the reader is following the newest messages. */
const FOLLOWING_SLACK_PX = 48

function isAtEnd(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOWING_SLACK_PX
}

/**
 * Whether at least half of element (or half of box, for an element taller than it) shows inside
 * box. Layouts without sizes (jsdom's) count as shown.
 */
export function isShownIn(element: Element, box: Element): boolean {
  const shown = element.getBoundingClientRect()
  const frame = box.getBoundingClientRect()
  const overlap = Math.min(shown.bottom, frame.bottom) - Math.max(shown.top, frame.top)
  return overlap >= Math.min(shown.height, frame.height) / 2
}

type ThreadScrollOptions = {
  /** The newest message's id; undefined while the thread loads or is empty. */
  lastId: string | undefined
  /** The newest message is the viewer's own: sending always shows it. */
  lastIsOwn: boolean
  /** Where a thread opened with unread messages starts: their divider, rather than the end. */
  openAt: RefObject<HTMLElement | null>
}

/**
 * The scrolling of a thread: it opens at the end (or at the first unread message) and follows
 * the newest message while the reader is at the end: on arrival, after sending, and while the
 * content grows (an image loading, the typing line). A reader who scrolled up to read older
 * messages stays where they are and is told that something new came (`newBelow`).
 */
export function useThreadScroll({ lastId, lastIsOwn, openAt }: ThreadScrollOptions) {
  const box = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const following = useRef(true)
  const shownLast = useRef<string | undefined>(undefined)
  const [newBelow, setNewBelow] = useState(false)

  const scrollToEnd = useCallback(() => {
    const element = box.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    following.current = true
    setNewBelow(false)
  }, [])

  // Before paint, so the thread never flashes at its top.
  useLayoutEffect(() => {
    if (!lastId || lastId === shownLast.current) return
    const opening = shownLast.current === undefined
    shownLast.current = lastId
    if (opening && openAt.current && box.current) {
      // The thread's own scroll only: scrollIntoView would move the (fixed) page as well.
      box.current.scrollTop += openAt.current.getBoundingClientRect().top - box.current.getBoundingClientRect().top
      following.current = isAtEnd(box.current)
    } else if (opening || lastIsOwn || following.current) {
      scrollToEnd()
    } else {
      setNewBelow(true)
    }
  }, [lastId, lastIsOwn, openAt, scrollToEnd])

  useEffect(() => {
    const element = box.current
    if (!element) return
    const onScroll = () => {
      following.current = isAtEnd(element)
      if (following.current) setNewBelow(false)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [])

  // Content that grows under a reader at the end (an image that loads after its bubble showed)
  // keeps the end in view instead of pushing it out of sight.
  useEffect(() => {
    const element = content.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (following.current && box.current) box.current.scrollTop = box.current.scrollHeight
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return { box, content, newBelow, scrollToEnd }
}
