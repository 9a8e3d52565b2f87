import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { useDropdown } from '@/components/ui/use-dropdown'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { avatarInitial, displayName } from '@/lib/user'
import type { User } from '@/types/api'

type UserMenuProps = { user: User | null; onSignOut: () => void }

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 ' +
  'hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600'

/**
 * The account menu (menu button pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus; Tab or a click
 * outside closes (Escape and the click as every dropdown does: useDropdown). The spec's Dashboard,
 * Profile and Sign out, and Settings: devices, sign-ins and the rest live there, not here.
 */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const { open, setOpen, close, rootRef, buttonRef } = useDropdown()
  const [focusIndex, setFocusIndex] = useState(0)
  const itemRefs = useRef<Array<HTMLElement | null>>([])
  const menuId = useId()
  const name = displayName(user)

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus()
  }, [open, focusIndex])

  // Dashboard, Profile, Settings, Sign out.
  const itemCount = 4
  const refAt = (index: number) => (node: HTMLElement | null) => {
    itemRefs.current[index] = node
  }
  const openAt = (index: number) => {
    setFocusIndex(index)
    setOpen(true)
  }
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      openAt(0)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openAt(itemCount - 1)
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        setFocusIndex((index) => (index + 1) % itemCount)
        break
      case 'ArrowUp':
        event.preventDefault()
        setFocusIndex((index) => (index - 1 + itemCount) % itemCount)
        break
      case 'Home':
        event.preventDefault()
        setFocusIndex(0)
        break
      case 'End':
        event.preventDefault()
        setFocusIndex(itemCount - 1)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <Avatar initials={avatarInitial(user)} src={user?.profilePicture} size="sm" />
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>

      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          // Focus moves among the items (refAt); the menu itself takes it only from a script.
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 max-h-[80vh] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pb-2 pt-1" role="none">
            <p className="truncate text-sm font-medium text-slate-900">{name}</p>
            {user?.email && <p className="truncate text-xs text-slate-500">{user.email}</p>}
          </div>
          <div className="pt-1" role="none">
            <Link ref={refAt(0)} to={paths.dashboard} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close(false)}>
              <LayoutDashboard className="size-4" aria-hidden="true" />
              Dashboard
            </Link>
            <Link ref={refAt(1)} to={paths.profile} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close(false)}>
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </Link>
            <Link ref={refAt(2)} to={paths.settings} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close(false)}>
              <Settings className="size-4" aria-hidden="true" />
              Settings
            </Link>
          </div>
          <div className="mt-1 border-t border-slate-100 pt-1" role="none">
            <button
              ref={refAt(itemCount - 1)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={cn(itemClasses, 'text-red-700')}
              onClick={() => {
                close(false)
                onSignOut()
              }}
            >
              <LogOut className="size-4" aria-hidden="true" />
              Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
