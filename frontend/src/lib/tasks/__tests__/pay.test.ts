import { describe, expect, it } from 'vitest'
import { formatPay, isPaid } from '../pay'

describe('formatPay', () => {
  it.each([
    [{ min: 100, max: 250 }, 'USD', '$100–$250'],
    [{ min: 200, max: 200 }, 'USD', '$200'],
    [{ min: 0, max: 250 }, 'USD', 'Up to $250'],
    [{ min: 100, max: 0 }, 'USD', 'From $100'],
    [{ min: 0, max: 0 }, 'USD', 'Unpaid'],
    [undefined, 'USD', 'Unpaid'],
    [null, 'EUR', 'Unpaid'],
    [{ min: 150, max: 300 }, 'EUR', '€150–€300'],
    [{ min: 200, max: 200 }, 'GBP', '£200'],
    [{ min: 8000, max: 12000 }, 'INR', '₹8,000–₹12,000'],
    [{ min: 0, max: 99.5 }, 'CAD', 'Up to CA$99.5'],
    [{ min: 50, max: 50 }, 'AUD', 'A$50'],
    [{ min: 1500, max: 1500 }, 'SGD', 'SGD 1,500'],
    [{ min: 100, max: 250 }, '', '$100–$250'],
    [{ min: 100, max: 250 }, undefined, '$100–$250'],
  ])('%j in %s reads %s', (budget, currency, expected) => {
    expect(formatPay(budget, currency).replace(/\u00a0/g, ' ')).toBe(expected)
  })

  it('still names an amount in a code the browser does not know', () => {
    expect(formatPay({ min: 5, max: 5 }, 'XYZ')).toMatch(/XYZ|5/)
  })
})

describe('isPaid', () => {
  it('is true only for a budget above 0', () => {
    expect(isPaid({ min: 0, max: 0 })).toBe(false)
    expect(isPaid(undefined)).toBe(false)
    expect(isPaid({ min: 0, max: 10 })).toBe(true)
    expect(isPaid({ min: 10, max: 0 })).toBe(true)
  })
})
