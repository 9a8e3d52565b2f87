import { describe, expect, it } from 'vitest'
import { currencyDigits, formatMinor, formatPay, isPaid, toMajor } from '../pay'

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

describe('amounts in minor units (payments)', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['INR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['', 2],
    ['XYZ', 2],
  ])('%s has %i decimals', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits)
  })

  it.each([
    [20000, 'USD', '$200'],
    [15050, 'USD', '$150.50'],
    [15025, 'EUR', '€150.25'],
    [800000, 'INR', '₹8,000'],
    [8000, 'JPY', '¥8,000'],
    [1250, 'KWD', 'KWD 1.250'],
    [1, 'USD', '$0.01'],
  ])('%i minor units of %s read %s', (minor, currency, expected) => {
    expect(formatMinor(minor, currency).replace(/\u00a0/g, ' ')).toBe(expected)
  })

  it('converts minor units to the major units a budget is in', () => {
    expect(toMajor(15025, 'USD')).toBe(150.25)
    expect(toMajor(8000, 'JPY')).toBe(8000)
    expect(toMajor(1250, 'KWD')).toBe(1.25)
  })
})
