import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/test-utils'

describe('route guards', () => {
  it('sends a signed-out visitor of a guarded route to /login', async () => {
    const { router } = await renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
