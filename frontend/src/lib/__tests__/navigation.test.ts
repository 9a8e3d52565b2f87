import { describe, expect, it } from 'vitest'
import { openExternal } from '../navigation'

describe('openExternal', () => {
  it('refuses anything but a web address the server handed out', () => {
    expect(() => openExternal('javascript:alert(1)')).toThrow('Not a web address')
    expect(() => openExternal('data:text/html,hi')).toThrow('Not a web address')
  })
})
