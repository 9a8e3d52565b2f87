import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '@/testing/test-utils'
import { Footer } from '../footer'

describe('Footer', () => {
  it('has the quick links, two support addresses, a social link and the copyright', () => {
    renderWithRouter(<Footer />)
    const quick = screen.getByRole('navigation', { name: 'Quick links' })
    const href = (name: string) => within(quick).getByRole('link', { name }).getAttribute('href')
    expect(href('Home')).toBe('/')
    expect(href('Browse Tasks')).toBe('/tasks')
    expect(href('Join as Student')).toBe('/register')
    expect(href('Join as Startup')).toBe('/register?type=startup') // preselects Startup there
    expect(href('Help Center')).toBe('/help')

    expect(screen.getByRole('link', { name: 'support@bridgework.app' })).toHaveAttribute('href', 'mailto:support@bridgework.app')
    expect(screen.getByRole('link', { name: 'help@bridgework.app' })).toHaveAttribute('href', 'mailto:help@bridgework.app')
    const social = screen.getByRole('link', { name: /linkedin/i })
    expect(social).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByText(`© ${new Date().getFullYear()} Bridgework`)).toBeInTheDocument()
  })
})
