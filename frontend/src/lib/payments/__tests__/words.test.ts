import { describe, expect, it } from 'vitest'
import { fundingWords, paymentRecordWords, paymentStatusLabel, paymentStepLabel, payTermsWords, placesLeft } from '../words'

const record = (approved: number, paid: number, disputed: number, medianDaysToPay: number | null) => ({ approved, paid, disputed, medianDaysToPay })

describe('paymentRecordWords', () => {
  it.each([
    [record(0, 0, 0, null), 'New: no payments yet'],
    [record(12, 12, 0, 1.4), 'Paid 12 of 12 approved students · usually within 2 days'],
    [record(3, 2, 0, 0.3), 'Paid 2 of 3 approved students · usually within a day'],
    [record(2, 1, 0, 1), 'Paid 1 of 2 approved students · usually within a day'],
    [record(1, 0, 1, null), 'Paid 0 of 1 approved student · 1 payment disputed'],
    [record(5, 3, 2, 6.01), 'Paid 3 of 5 approved students · usually within 7 days · 2 payments disputed'],
  ])('%j reads %s', (given, expected) => {
    expect(paymentRecordWords(given)).toBe(expected)
  })
})

const task = (budget: { min: number; max: number }, seats = 1, seatsFilled = 0, currency = 'USD') => ({ budget, currency, seats, seatsFilled })

describe('payTermsWords', () => {
  it.each([
    [task({ min: 200, max: 200 }), '$200'],
    [task({ min: 200, max: 200 }, 3, 1), '$200 each · 2 of 3 paid places left'],
    [task({ min: 100, max: 250 }, 2, 2), '$100–$250 each · 0 of 2 paid places left'],
    [task({ min: 0, max: 0 }), 'Unpaid — certificate only'],
    [task({ min: 0, max: 0 }, 4, 1), 'Unpaid — certificate only · 3 of 4 places left'],
    [task({ min: 0, max: 900 }, 1, 0, 'EUR'), 'Up to €900'],
  ])('%j reads %s', (given, expected) => {
    expect(payTermsWords(given)).toBe(expected)
  })

  it('never counts fewer than no places left', () => {
    expect(placesLeft({ seats: 2, seatsFilled: 3 })).toBe(0)
  })
})

describe('fundingWords', () => {
  const funding = (status: 'unfunded' | 'pending' | 'funded' | 'refunded') => ({ funding: { status, amount: 0, currency: 'USD' } })
  it('says who holds the money, by the deployment', () => {
    expect(fundingWords(funding('funded'), true)).toBe('Funds held by Bridgework')
    expect(fundingWords(funding('unfunded'), false)).toBe('Paid by the startup directly')
    expect(fundingWords(funding('unfunded'), true)).toBe('Not funded yet')
    expect(fundingWords(funding('pending'), true)).toBe('Funding pending')
    expect(fundingWords(funding('refunded'), true)).toBe('Funds returned to the startup')
  })
})

describe('a payment in words', () => {
  it('names every status', () => {
    expect(['due', 'sent', 'received', 'disputed', 'awaiting_student', 'held', 'transferred', 'failed'].map(paymentStatusLabel)).toEqual([
      'Due',
      'Sent',
      'Received',
      'Disputed: not received',
      'Waiting for a payout account',
      'Held by Bridgework',
      'Paid out',
      'Payout failed',
    ])
  })

  it('says the step beside the work as the side looking at it reads it', () => {
    expect(paymentStepLabel('due', 'student')).toBe('due')
    expect(paymentStepLabel('sent', 'student')).toBe('sent — confirm?')
    expect(paymentStepLabel('received', 'student')).toBe('received')
    expect(paymentStepLabel('due', 'startup')).toBe('due — mark it as sent')
    expect(paymentStepLabel('sent', 'startup')).toBe('sent — waiting for the student')
  })
})
