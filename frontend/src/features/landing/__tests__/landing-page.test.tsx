import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ledger } from '@/testing/mocks/payments'
import { renderApp } from '@/testing/test-utils'

describe('landing page', () => {
  it('has the tagline, the blurbs, the three steps and the calls to action', async () => {
    await renderApp('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Connect. Learn. Grow.' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'In-app messaging' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Downloadable certificates' })).toBeInTheDocument()
    expect(screen.getByText('Every completed project earns a certificate you can download and share.')).toBeInTheDocument()

    // eslint-disable-next-line testing-library/no-node-access -- the steps are the list in the section under this heading
    const steps = screen.getByRole('heading', { name: 'How it works' }).parentElement!.querySelector('ol')!
    expect(
      within(steps)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Create a profile', 'Connect and collaborate', 'Earn and grow'])

    const main = screen.getByRole('main')
    expect(within(main).getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/register')
    expect(within(main).getByRole('link', { name: 'Browse Tasks' })).toHaveAttribute('href', '/tasks')
  })

  it('says how this deployment pays: offline, the startups pay directly and both record it', async () => {
    await renderApp('/')
    expect(await screen.findByText(/^Startups pay you directly; both sides record each payment on Bridgework\./)).toBeInTheDocument()
    expect(screen.queryByText(/Funds held by Bridgework/)).not.toBeInTheDocument()
  })

  it('says how this deployment pays: through Stripe, Bridgework holds the funds', async () => {
    ledger.provider = { provider: 'stripe', platformFeePercent: 5 }
    await renderApp('/')
    expect(await screen.findByText(/^Funds held by Bridgework and paid out when your work is approved\./)).toBeInTheDocument()
    expect(screen.queryByText(/Startups pay you directly/)).not.toBeInTheDocument()
  })

  it('offers a signed-in user their dashboard instead of Get Started', async () => {
    await renderApp('/', { as: 'student' })
    const main = screen.getByRole('main')
    const toDashboard = within(main).getAllByRole('link', { name: 'Go to your dashboard' })
    expect(toDashboard).toHaveLength(2)
    for (const link of toDashboard) expect(link).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Create your profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })
})
