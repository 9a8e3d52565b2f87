import { describe, expect, it } from 'vitest'
import { avatarInitial, displayName } from '../user'

describe('avatarInitial', () => {
  it.each([
    ['a startup: first letter of the company name', { userType: 'startup', companyName: 'zeta Labs', firstName: 'Ann' }, 'Z'],
    ['a startup without a company name: the first name', { userType: 'startup', companyName: '  ', firstName: 'ann' }, 'A'],
    ['a student: first letter of the first name', { userType: 'student', firstName: 'maya', companyName: 'Ignored' }, 'M'],
    ['an admin: first letter of the first name', { userType: 'admin', firstName: 'Root' }, 'R'],
    ['a student without a first name: U', { userType: 'student', firstName: '' }, 'U'],
    ['a startup with neither: U', { userType: 'startup' }, 'U'],
  ] as const)('%s', (_, user, expected) => {
    expect(avatarInitial(user)).toBe(expected)
  })

  it('is U without a user', () => {
    expect(avatarInitial(null)).toBe('U')
    expect(avatarInitial(undefined)).toBe('U')
  })
})

describe('displayName', () => {
  it('uses the company for a startup and the full name otherwise', () => {
    expect(displayName({ userType: 'startup', companyName: 'Acme' })).toBe('Acme')
    expect(displayName({ userType: 'student', firstName: 'Sam', lastName: 'Lee' })).toBe('Sam Lee')
    expect(displayName({ userType: 'student', firstName: '', email: 'x@y.io' })).toBe('x@y.io')
  })
})
