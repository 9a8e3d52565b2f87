// jsdom lays nothing out: every box is 0 × 0 at the top, so everything counts as on screen and
// nothing scrolls. This lays a chat thread out instead: its scroll box (data-testid="thread-scroll")
// shows 400 px of 2000 (more after `grow`), and `show` decides which elements are inside those
// 400 px.

const BOX = 'thread-scroll'
const rect = (top: number, height: number) =>
  ({ top, bottom: top + height, height, left: 0, right: 300, width: 300, x: 0, y: top, toJSON: () => ({}) }) as DOMRect
const isBox = (element: Element) => element instanceof HTMLElement && element.dataset.testid === BOX

export function stubThreadGeometry() {
  let inView: (element: Element) => boolean = () => false
  const scrollTops = new WeakMap<Element, number>()
  let height = 2000
  /** Every value the thread's scroll position was set to, in order. */
  const scrolledTo: number[] = []
  const rectOf = Element.prototype.getBoundingClientRect
  const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!

  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (isBox(this)) return rect(0, 400)
    return inView(this) ? rect(100, 50) : rect(1000, 50)
  }
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return isBox(this) ? (scrollTops.get(this) ?? 0) : 0
    },
    set(this: Element, value: number) {
      if (!isBox(this)) return
      const clamped = Math.max(0, Math.min(value, height - 400))
      scrollTops.set(this, clamped)
      scrolledTo.push(clamped)
    },
  })
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get: function (this: Element) {
      return isBox(this) ? height : 0
    },
  })
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get: function (this: Element) {
      return isBox(this) ? 400 : 0
    },
  })

  return {
    scrolledTo,
    /** Which elements are on screen from now on (call `scroll` to have the thread look again). */
    show(which: (element: Element) => boolean) {
      inView = which
    },
    /** The thread's content grows by `px` (an image loading), its scroll position unchanged. */
    grow(px: number) {
      height += px
    },
    /** The reader scrolls the thread to `top` (0 is its start, 1600 its end before any `grow`). */
    scroll(box: Element, top: number) {
      scrollTops.set(box, top)
      box.dispatchEvent(new Event('scroll'))
    },
    restore() {
      Element.prototype.getBoundingClientRect = rectOf
      Object.defineProperty(Element.prototype, 'scrollTop', scrollTop)
      Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight)
      Object.defineProperty(Element.prototype, 'clientHeight', clientHeight)
    },
  }
}
