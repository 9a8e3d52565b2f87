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
  // The scroll position the thread last set or heard of. Its scroll event comes with the next
  // frame, after a message or an image may have arrived: a reader above it has scrolled up and
  // stopped following, though no event said so yet; a reader still there follows, however far
  // the end moved as the content grew.
  const knownTop = useRef(0)
  const shownLast = useRef<string | undefined>(undefined)
  const [newBelow, setNewBelow] = useState(false)

  /** Takes in where the reader is now: whether they follow the newest message. */
  const hear = useCallback((element: HTMLElement) => {
    following.current = (following.current && element.scrollTop >= knownTop.current - 1) || isAtEnd(element)
    knownTop.current = element.scrollTop
    return following.current
  }, [])

  const scrollToEnd = useCallback(() => {
    const element = box.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    knownTop.current = element.scrollTop
    following.current = true
    setNewBelow(false)
  }, [])

  // Before paint, so the thread never flashes at its top.
  useLayoutEffect(() => {
    const element = box.current
    if (!lastId || lastId === shownLast.current || !element) return
    const opening = shownLast.current === undefined
    shownLast.current = lastId
    if (opening && openAt.current) {
      // The thread's own scroll only: scrollIntoView would move the (fixed) page as well.
      element.scrollTop += openAt.current.getBoundingClientRect().top - element.getBoundingClientRect().top
      knownTop.current = element.scrollTop
      following.current = isAtEnd(element)
    } else if (opening || lastIsOwn || hear(element)) {
      scrollToEnd()
    } else {
      setNewBelow(true)
    }
  }, [lastId, lastIsOwn, openAt, scrollToEnd, hear])

  useEffect(() => {
    const element = box.current
    if (!element) return
    const onScroll = () => {
      if (hear(element)) setNewBelow(false)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [hear])

  // Content that grows under a reader at the end (an image that loads after its bubble showed)
  // keeps the end in view instead of pushing it out of sight.
  useEffect(() => {
    const element = content.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const thread = box.current
      if (!thread || !hear(thread)) return
      thread.scrollTop = thread.scrollHeight
      knownTop.current = thread.scrollTop
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [hear])

  return { box, content, newBelow, scrollToEnd }
}
