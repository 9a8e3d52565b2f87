import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Toaster } from '@/lib/notify'
import { NotFoundRedirect } from '../routes/not-found'

describe('an unknown URL', () => {
  it('goes home and says the page was not found', async () => {
    render(
      <>
        <MemoryRouter initialEntries={['/no/such/page']}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="*" element={<NotFoundRedirect />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </>,
    )
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(await screen.findByText('Page not found')).toBeInTheDocument()
    expect(screen.getByText('There is no page at /no/such/page.')).toBeInTheDocument()
  })
})
