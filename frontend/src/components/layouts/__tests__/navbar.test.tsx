import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createUser } from '@/testing/data-generators'
import { renderWithRouter } from '@/testing/test-utils'
import type { User } from '@/types/api'
import { Navbar } from '../navbar'

function renderNavbar(user: User | null, onSignOut = vi.fn()) {
  const view = renderWithRouter(<Navbar user={user} isSignedIn={Boolean(user)} onSignOut={onSignOut} />)
  const mainNav = screen.getByRole('navigation', { name: 'Main' })
  const linkNames = within(mainNav)
    .getAllByRole('link')
    .map((link) => link.textContent)
  return { ...view, mainNav, linkNames, onSignOut }
}

describe('Navbar links per viewer', () => {
  it('signed out: Home and Tasks, plus Sign in and Get Started', () => {
    const { linkNames } = renderNavbar(null)
    expect(linkNames).toEqual(['Home', 'Tasks'])
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register')
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()
  })

  it('student: Home, Dashboard, Tasks, Chat, Messages, Certificates, Invitations, Payments', () => {
    const { mainNav, linkNames } = renderNavbar(createUser({ userType: 'student' }))
    expect(linkNames).toEqual(['Home', 'Dashboard', 'Tasks', 'Chat', 'Messages', 'Certificates', 'Invitations', 'Payments'])
    expect(within(mainNav).getByRole('link', { name: 'Invitations' })).toHaveAttribute('href', '/student/invitations')
    expect(within(mainNav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments')
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('startup: no Certificates; Submissions, Students and Payments', () => {
    const { mainNav, linkNames } = renderNavbar(createUser({ userType: 'startup' }))
    expect(linkNames).toEqual(['Home', 'Dashboard', 'Tasks', 'Chat', 'Messages', 'Submissions', 'Students', 'Payments'])
    expect(within(mainNav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments')
    expect(within(mainNav).getByRole('link', { name: 'Submissions' })).toHaveAttribute('href', '/startup/submissions')
    expect(within(mainNav).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/startup/students')
  })

  it('admin: Tasks, Chat, Messages and Certificates hidden', () => {
    const { linkNames } = renderNavbar(createUser({ userType: 'admin', firstName: 'Ada' }))
    expect(linkNames).toEqual(['Home', 'Dashboard'])
  })

  it('links to the right places', () => {
    const { mainNav } = renderNavbar(createUser({ userType: 'student' }))
    const href = (name: string) => within(mainNav).getByRole('link', { name }).getAttribute('href')
    expect([href('Home'), href('Dashboard'), href('Tasks'), href('Chat'), href('Messages'), href('Certificates')]).toEqual([
      '/',
      '/dashboard',
      '/tasks',
      '/chat',
      '/messages',
      '/certificates',
    ])
  })
})

describe('avatar initial in the user menu', () => {
  it.each([
    [createUser({ userType: 'startup', companyName: 'nimbus', firstName: 'Zed' }), 'N'],
    [createUser({ userType: 'student', firstName: 'priya' }), 'P'],
    [createUser({ userType: 'admin', firstName: '', lastName: '' }), 'U'],
  ])('shows the right letter', (user, letter) => {
    renderNavbar(user)
    const button = screen.getByRole('button', { name: /account menu/i })
    expect(within(button).getByTestId('avatar-initials')).toHaveTextContent(new RegExp(`^${letter}$`))
  })
})

describe('user menu', () => {
  it('opens with the keyboard, moves with arrows, closes with Escape', async () => {
    const { events } = renderNavbar(createUser({ userType: 'student', firstName: 'Sam' }))
    const button = screen.getByRole('button', { name: /account menu/i })
    expect(button).toHaveAttribute('aria-expanded', 'false')

    button.focus()
    await events.keyboard('{Enter}')
    const menu = screen.getByRole('menu')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Profile', 'Settings', 'Sign out'])
    // The devices and their sign-outs are on /settings, not in the menu.
    expect(within(menu).queryByRole('group', { name: 'Signed-in devices' })).not.toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus()

    await events.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus()
    await events.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus()
    await events.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus()
    await events.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus()
    await events.keyboard('{ArrowUp}')
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus()

    await events.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
  })

  it('links Dashboard, Profile and Settings, and Sign out calls back', async () => {
    const { events, onSignOut } = renderNavbar(createUser({ userType: 'startup' }))
    await events.click(screen.getByRole('button', { name: /account menu/i }))
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    await events.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('closes on a click outside', async () => {
    const { events } = renderNavbar(createUser())
    await events.click(screen.getByRole('button', { name: /account menu/i }))
    expect(screen.getByRole('menu')).toBeInTheDocument()
    await events.click(document.body)
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})

describe('phone menu', () => {
  it('a menu button shows the same links', async () => {
    const { events } = renderNavbar(null)
    const toggle = screen.getByRole('button', { name: 'Open menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await events.click(toggle)
    const mobile = screen.getByRole('navigation', { name: 'Mobile' })
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Tasks', 'Sign in', 'Get Started'])
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('closes after following a link', async () => {
    const { events } = renderNavbar(createUser({ userType: 'student' }))
    await events.click(screen.getByRole('button', { name: 'Open menu' }))
    await events.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Tasks' }))
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
  })

  it('closes on Escape and gives the focus back to its button', async () => {
    const { events } = renderNavbar(createUser({ userType: 'student' }))
    await events.click(screen.getByRole('button', { name: 'Open menu' }))
    within(screen.getByRole('navigation', { name: 'Mobile' }))
      .getByRole('link', { name: 'Tasks' })
      .focus()
    await events.keyboard('{Escape}')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus()
  })
})
