import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { VerifiedBadge } from '../verified-badge'

describe('VerifiedBadge', () => {
  it('says the verified domain in text, with what it means as its title, and hides the icon', () => {
    const { container } = render(<VerifiedBadge domain="nimbus.io" />)
    const badge = screen.getByText('nimbus.io verified')
    expect(badge).toHaveAttribute('title', 'Bridgework checked that this company controls nimbus.io')
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access -- the icon is what must be hidden, so no query finds it
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })
})
