import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Toaster } from '@/lib/notify'
import { NotFoundRedirect } from '../routes/not-found'

describe('an unknown URL', () => {
  it('goes home and says the page was not found', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '*', element: <NotFoundRedirect /> },
      ],
      { initialEntries: ['/no/such/page'] },
    )
    render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    )
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('There is no page at /no/such/page.')).toBeInTheDocument()
  })
})
