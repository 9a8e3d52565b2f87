import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { makeTask, market, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp } from '@/testing/test-utils'
import { defaultPayCurrency } from '../pay-currency'

beforeEach(() => resetMarket())
afterEach(() => vi.restoreAllMocks())

const lastList = () => [...market.requests].reverse().find((r) => r.url.pathname === '/api/tasks')

describe('the budget range on /tasks', () => {
  it('starts in the currency of the viewer’s locale and sends the range with it', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-IN', 'en'])
    const { events, router } = await renderApp('/tasks')
    const currency = await screen.findByLabelText('Budget currency')
    expect(currency).toHaveValue('INR')
    expect(
      within(currency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['EUR', 'GBP', 'INR', 'JPY', 'USD'])
    await events.type(screen.getByLabelText('Minimum budget'), '8000')
    await events.type(screen.getByLabelText('Maximum budget'), '12000{Enter}')
    await waitFor(() => expect(lastList()?.url.searchParams.get('payMin')).toBe('8000'))
    const params = lastList()!.url.searchParams
    expect([params.get('payMax'), params.get('payCurrency'), params.get('page')]).toEqual(['12000', 'INR', '1'])
    expect(router.location.search).toBe('?payMin=8000&payMax=12000&payCurrency=INR')
  })

  it('keeps the currency of the URL, and a new pick applies at once', async () => {
    const { events, router } = await renderApp('/tasks?payMin=100&payCurrency=EUR')
    expect(await screen.findByLabelText('Budget currency')).toHaveValue('EUR')
    expect(screen.getByLabelText('Minimum budget')).toHaveValue(100)
    await events.selectOptions(screen.getByLabelText('Budget currency'), 'GBP')
    await waitFor(() => expect(router.location.search).toBe('?payMin=100&payCurrency=GBP'))
    expect(lastList()?.url.searchParams.get('payCurrency')).toBe('GBP')
  })

  it('refuses a max below the min without asking the server', async () => {
    const { events, router } = await renderApp('/tasks')
    await events.type(await screen.findByLabelText('Minimum budget'), '500')
    await events.type(screen.getByLabelText('Maximum budget'), '100')
    await events.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The max must not be below the min')
    expect(screen.getByLabelText('Maximum budget')).toHaveAttribute('aria-invalid', 'true')
    expect(router.location.search).toBe('')
    expect(market.requests.some((r) => r.url.searchParams.has('payMin'))).toBe(false)
  })

  it('says the pay order is approximate, in the base currency, and keeps each card in its own', async () => {
    const startup = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    makeTask(startup, { title: 'Rupee work', budget: { min: 8000, max: 12000 }, currency: 'INR' })
    makeTask(startup, { title: 'Euro work', budget: { min: 200, max: 200 }, currency: 'EUR' })
    const { events } = await renderApp('/tasks')
    await screen.findByRole('article', { name: 'Rupee work' })
    expect(screen.queryByText('Sorted by approximate value in USD')).not.toBeInTheDocument()
    const sort = screen.getByLabelText('Sort by')
    expect(within(sort).getByRole('option', { name: 'Highest pay (approximate)' })).toBeInTheDocument()
    await events.selectOptions(sort, 'pay')
    expect(await screen.findByText('Sorted by approximate value in USD')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Rupee work' })).getByText(/₹8,000–₹12,000/)).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Euro work' })).getByText(/€200/)).toBeInTheDocument()
  })

  it('offers only the base currency when the server rates no other', async () => {
    market.currencyRates = { base: 'USD', rates: { USD: 1 } }
    await renderApp('/tasks')
    expect(await screen.findByLabelText('Budget currency')).toHaveValue('USD')
  })
})

describe('defaultPayCurrency', () => {
  const rated = ['EUR', 'INR', 'USD']
  it.each([
    [['en-IN'], 'INR'],
    [['fr'], 'EUR'], // French, most likely in France
    [['de-AT', 'en-US'], 'EUR'],
    [['ja-JP', 'en-IN'], 'INR'], // no rate for yen here: the next locale's
    [['pt-BR'], 'USD'], // no rate for reals: the base
    [['not a locale'], 'USD'],
  ])('%j is %s', (locales, want) => {
    expect(defaultPayCurrency(locales, rated, 'USD')).toBe(want)
  })
})
