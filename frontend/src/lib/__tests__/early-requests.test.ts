import { afterEach, describe, expect, it } from 'vitest'
import { EARLY_MAX_AGE_MS, takeEarlyResponse } from '../early-requests'

function early(token: string, at = Date.now()) {
  const response = Promise.resolve(new Response('{}'))
  window.__bwEarly = { token, at, responses: { '/api/me': response } }
  return response
}

afterEach(() => {
  delete window.__bwEarly
})

describe('takeEarlyResponse', () => {
  it('hands out the boot script’s answer for the same URL and token, once', () => {
    const response = early('t1')
    expect(takeEarlyResponse('/api/me?x=1', 't1')).toBeUndefined()
    expect(takeEarlyResponse('/api/me', 't1')).toBe(response)
    expect(takeEarlyResponse('/api/me', 't1')).toBeUndefined()
  })

  it('gives nothing without a token or for another token, and forgets them all then', () => {
    early('t1')
    expect(takeEarlyResponse('/api/me', null)).toBeUndefined()
    expect(takeEarlyResponse('/api/me', 't2')).toBeUndefined()
    expect(window.__bwEarly).toBeUndefined()
    expect(takeEarlyResponse('/api/me', 't1')).toBeUndefined()
  })

  it('gives nothing once the answers are older than the first requests’ time', () => {
    const at = Date.now()
    early('t1', at)
    expect(takeEarlyResponse('/api/me', 't1', at + EARLY_MAX_AGE_MS + 1)).toBeUndefined()
    expect(window.__bwEarly).toBeUndefined()
  })

  it('gives nothing when the boot script did not run', () => {
    expect(takeEarlyResponse('/api/me', 't1')).toBeUndefined()
  })
})
