import { Menu, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { buttonClasses } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import type { User } from '@/types/api'
import { navLinksFor } from './nav-links'
import { UserMenu } from './user-menu'

type NavbarProps = {
  user: User | null
  isSignedIn: boolean
  onSignOut: () => void
  onSignOutEverywhere: () => void
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  )

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

export function Navbar({ user, isSignedIn, onSignOut, onSignOutEverywhere }: NavbarProps) {
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileId = useId()
  const { pathname } = useLocation()
  const links = navLinksFor(user, isSignedIn)

  useEffect(() => setMobileOpen(false), [pathname])

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={linkClasses}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="flex items-center gap-2">
          {isSignedIn ? (
            <UserMenu user={user} onSignOut={onSignOut} onSignOutEverywhere={onSignOutEverywhere} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link to={paths.login} className={buttonClasses({ variant: 'ghost' })}>
                Sign in
              </Link>
              <Link to={paths.register} className={buttonClasses()}>
                Get Started
              </Link>
            </div>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav id={mobileId} aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={(state) => cn(linkClasses(state), 'block')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {!isSignedIn && (
            <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3">
              <Link to={paths.login} className={buttonClasses({ variant: 'outline' })}>
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
