import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
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
 * outside closes.
 */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false)
  const [focusIndex, setFocusIndex] = useState(0)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const itemRefs = useRef<Array<HTMLElement | null>>([])
  const menuId = useId()
  const name = displayName(user)

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus()
  }, [open, focusIndex])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])

  const itemCount = 3
  const openAt = (index: number) => {
    setFocusIndex(index)
    setOpen(true)
  }
  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
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
      case 'Escape':
        event.preventDefault()
        close(true)
        break
      case 'Tab':
        close(false)
        break
    }
  }

  return (
    <div ref={containerRef} className="relative">
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
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pb-2 pt-1" role="none">
            <p className="truncate text-sm font-medium text-slate-900">{name}</p>
            {user?.email && <p className="truncate text-xs text-slate-500">{user.email}</p>}
          </div>
          <div className="pt-1" role="none">
            <Link
              ref={(node) => {
                itemRefs.current[0] = node
              }}
              to={paths.dashboard}
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => close(false)}
            >
              <LayoutDashboard className="size-4" aria-hidden="true" />
              Dashboard
            </Link>
            <Link
              ref={(node) => {
                itemRefs.current[1] = node
              }}
              to={paths.profile}
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => close(false)}
            >
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </Link>
            <button
              ref={(node) => {
                itemRefs.current[2] = node
              }}
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
