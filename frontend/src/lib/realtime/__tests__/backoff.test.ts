import { describe, expect, it } from 'vitest'
import { reconnectDelay } from '../backoff'

describe('reconnectDelay', () => {
  it('grows exponentially with jitter and stays under 15 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250)
    expect(reconnectDelay(0, () => 1)).toBe(500)
    expect(reconnectDelay(3, () => 0)).toBe(2000)
    expect(reconnectDelay(3, () => 1)).toBe(4000)
    expect(reconnectDelay(50, () => 1)).toBe(15_000)
    const spread = new Set(Array.from({ length: 20 }, () => reconnectDelay(2)))
    expect(spread.size).toBeGreaterThan(1)
  })
})
