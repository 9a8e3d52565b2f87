import { useLayoutEffect, type ReactNode } from 'react'
import { Outlet, useLocation, useNavigationType } from 'react-router'
import { paths } from '@/config/paths'
import { useLogout } from '@/lib/auth'
import { useAuthStore, useIsAuthenticated } from '@/lib/auth-store'
import { useUnreadMessages } from '@/lib/chat/conversations'
import { Spinner } from '@/components/ui/spinner'
import { Footer } from './footer'
import { Navbar } from './navbar'

/**
 * A new screen opens at its top, as a page load would; Back and Forward leave the scroll to the
 * browser, which restores it.
 */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType()
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [pathname, navigationType])
}

/**
 * The chat's pages are a screen of their own: the viewport's height below the header, where the
 * list and the thread each scroll inside it, so there is no page to scroll and no footer.
 */
export function fillsTheScreen(pathname: string): boolean {
  return [paths.chat, paths.messages].some((page) => pathname === page || pathname.startsWith(`${page}/`))
}

/** The frame of every screen: skip link, navigation bar, the routed page, footer. */
export function MainLayout() {
  const user = useAuthStore((state) => state.user)
  const isSignedIn = useIsAuthenticated()
  // Students and startups chat; the count follows chat's live events wherever they are.
  const unreadMessages = useUnreadMessages(isSignedIn && (user?.userType === 'student' || user?.userType === 'startup'))
  return (
    <Frame unreadMessages={unreadMessages} pageShown>
      <Outlet />
    </Frame>
  )
}

/**
 * The frame with a spinner where the page goes: shown while the start-up session check or a
 * page's code is on its way, so the header and its navigation are there from the first paint.
 * It asks the server nothing (no unread count): a stored session is not yet known to be valid.
 */
export function ShellLoading({ label }: { label: string }) {
  return (
    <Frame unreadMessages={0}>
      <div className="flex flex-1 items-center justify-center py-24 text-indigo-600">
        <Spinner size="lg" label={label} />
      </div>
    </Frame>
  )
}

type FrameProps = {
  unreadMessages: number
  /** Whether the routed page is in (not a spinner standing in for it). */
  pageShown?: boolean
  children: ReactNode
}

function Frame({ unreadMessages, pageShown = false, children }: FrameProps) {
  const user = useAuthStore((state) => state.user)
  const isSignedIn = useIsAuthenticated()
  const logout = useLogout()
  const { pathname } = useLocation()
  useScrollToTopOnNavigation(pathname)
  const screen = fillsTheScreen(pathname)

  return (
    <div className={screen ? 'flex h-dvh flex-col overflow-hidden' : 'flex min-h-screen flex-col'}>
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50"
      >
        Skip to main content
      </a>
      <Navbar user={user} isSignedIn={isSignedIn} onSignOut={logout} unreadMessages={unreadMessages} />
      {/*
        data-path: the path of the page shown, none while a spinner stands in for it. The address
        changes as a navigation starts, the page once its chunk is in (the router's transition);
        end-to-end journeys wait for both.
      */}
      <main id="main-content" data-path={pageShown ? pathname : undefined} tabIndex={-1} className="flex min-h-0 flex-1 flex-col focus:outline-none">
        {children}
      </main>
      {!screen && <Footer />}
    </div>
  )
}
