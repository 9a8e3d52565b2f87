import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense } from 'react'
import { Link, MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '../routes/route-error'

function Broken(): never {
  throw new Error('internal detail: the page broke')
}

// A page whose chunk cannot be fetched (a deploy replaced it, the link dropped).
const Unreachable = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      {/* Outside the boundary, as the browser's Back button is. */}
      <Link to="/">Back home</Link>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/broken" element={<Broken />} />
            <Route path="/unreachable" element={<Unreachable />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  )
}

describe('a screen that fails', () => {
  it.each(['/broken', '/unreachable'])('shows “Something went wrong” with Reload and Go home, and nothing internal (%s)', async (url) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt(url)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong')
    expect(alert).toHaveTextContent('An unexpected error occurred. Please try again.')
    expect(alert).not.toHaveTextContent(/internal detail|Failed to fetch/)
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
  })

  it('gives the next screen its chance once the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/broken')
    await screen.findByRole('alert')
    await userEvent.click(screen.getByRole('link', { name: 'Back home' }))
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
