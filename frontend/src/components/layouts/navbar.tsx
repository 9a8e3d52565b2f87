import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { loginPath } from '@/lib/return-to'
import type { User } from '@/types/api'
import { navLinksFor, type NavItem } from './nav-links'
import { UserMenu } from './user-menu'

type NavbarProps = {
  user: User | null
  isSignedIn: boolean
  onSignOut: () => void
  /** Unread chat messages over all conversations, shown on Chat and Messages; 0 shows nothing. */
  unreadMessages?: number
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  )

/** The Chat or Messages link's name with its count: "Messages, 3 unread". */
export function navLinkName(link: NavItem, unreadMessages: number): string | undefined {
  return link.showsUnreadMessages && unreadMessages > 0 ? `${link.label}, ${unreadMessages} unread` : undefined
}

/** The count beside a link; the link's own aria-label says it, so screen readers skip the badge. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold leading-none text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}

function NavItemLink({ link, unreadMessages, block }: { link: NavItem; unreadMessages: number; block?: boolean }) {
  const label = navLinkName(link, unreadMessages)
  return (
    <NavLink
      to={link.to}
      end={link.end}
      aria-label={label}
      className={(state) => cn(linkClasses(state), block ? 'flex items-center' : 'inline-flex items-center')}
    >
      {link.label}
      {/* Not shown (the badge has its margin), but it makes the visible text "Messages 3", which
          the name "Messages, 3 unread" contains: voice control finds the link by what it shows. */}
      {label && ' '}
      {label && <UnreadBadge count={unreadMessages} />}
    </NavLink>
  )
}

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      Bridgework
    </Link>
  )
}

export function Navbar({ user, isSignedIn, onSignOut, unreadMessages = 0 }: NavbarProps) {
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileId = useId()
  const { pathname, search } = useLocation()
  const links = navLinksFor(user, isSignedIn)
  // Signing in from a page other than the landing page comes back to it.
  const signIn = loginPath(pathname === paths.home ? null : pathname + search)

  const menuButtonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => setMobileOpen(false), [pathname])

  // Escape closes the phone menu, as it closes every other pop-up here, and gives the focus back
  // to the button that opened it.
  useEffect(() => {
    if (!mobileOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMobileOpen(false)
      menuButtonRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [mobileOpen])

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavItemLink link={link} unreadMessages={unreadMessages} />
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="flex items-center gap-2">
          {isSignedIn ? (
            <UserMenu user={user} onSignOut={onSignOut} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link to={signIn} className={buttonClasses({ variant: 'ghost' })}>
                Sign in
              </Link>
              <Link to={paths.register} className={buttonClasses()}>
                Get Started
              </Link>
            </div>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            {/* On a phone the links sit behind this button: a dot says there is something unread there. */}
            {unreadMessages > 0 && !mobileOpen && (
              <span
                aria-hidden="true"
                data-testid="menu-unread-dot"
                className="absolute right-1 top-1 size-2.5 rounded-full bg-indigo-600 ring-2 ring-white"
              />
            )}
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav id={mobileId} aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavItemLink link={link} unreadMessages={unreadMessages} block />
              </li>
            ))}
          </ul>
          {!isSignedIn && (
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3">
              <Link to={signIn} className={buttonClasses({ variant: 'outline' })}>
                Sign in
              </Link>
              <Link to={paths.register} className={buttonClasses()}>
                Get Started
              </Link>
            </div>
          )}
        </nav>
      )}
    </header>
  )
}
