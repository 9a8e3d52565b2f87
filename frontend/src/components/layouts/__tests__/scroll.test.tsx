import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => vi.mocked(window.scrollTo).mockClear())

describe('moving between screens', () => {
  it('opens a new screen at its top, and leaves the first load’s scroll to the browser', async () => {
    const { router, events } = await renderApp('/help')
    expect(window.scrollTo).not.toHaveBeenCalled()
    await events.click(screen.getByRole('link', { name: 'Browse Tasks' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/tasks')
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0)
  })
})
