import { http, HttpResponse } from 'msw'
import { siteDomain } from '@/features/profile/schemas'
import type { User } from '@/types/api'
import { db, saveUser, userForToken } from './db'

// A stand-in for company verification (backend/issuers, docs/api-contract.md "Verified issuers"):
// the same rules and texts, with links kept in db.verifications instead of mailed.

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ message, code, ...(fields ? { fields } : {}) }, { status })

const caller = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

const FREE_MAIL = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'proton.me']
const INVALID_LINK = 'This verification link is invalid or has expired. Ask for a new one from your profile.'

let sequence = 0

export const issuerHandlers = [
  http.post('*/api/startup/verification', async ({ request }) => {
    const me = caller(request)
    if (!me) return error(401, 'unauthorized', 'Unauthorized')
    if (me.userType !== 'startup') return error(403, 'forbidden', 'You do not have access to this.')
    const email = String(((await request.json()) as { email?: string }).email ?? '')
      .trim()
      .toLowerCase()
    const site = siteDomain(me.website ?? '')
    const at = email.slice(email.lastIndexOf('@') + 1)
    const refuse = (message: string) => error(400, 'invalid', message, { email: message })
    if (!site) return refuse("Add your company's website to your profile first: the address must be at its domain.")
    if (FREE_MAIL.includes(at)) return refuse(`Use your work address at ${site}, not a free-mail address.`)
    if (at.endsWith(`.${site}`)) return refuse(`Use an address at ${site} itself: an address at ${at} does not prove you own ${site}.`)
    if (at !== site) return refuse(`The address must be at ${site}, your website's domain.`)
    db.verifications.set(`verify-token-${++sequence}`, { userId: me._id, email, domain: site })
    return HttpResponse.json({ message: `We sent a verification link to ${email}. Open it while signed in to this account.`, email }, { status: 202 })
  }),

  http.post('*/api/startup/verification/confirm', async ({ request }) => {
    const me = caller(request)
    if (!me) return error(401, 'unauthorized', 'Unauthorized')
    if (me.userType !== 'startup') return error(403, 'forbidden', 'You do not have access to this.')
    const token = String(((await request.json()) as { token?: string }).token ?? '')
    const link = db.verifications.get(token)
    if (!link) return error(400, 'invalid', INVALID_LINK, { token: INVALID_LINK })
    if (link.userId !== me._id) {
      return error(404, 'not_found', 'This verification link was sent for another Bridgework account. Sign in as the startup that asked for it.')
    }
    db.verifications.delete(token)
    const verified: User = { ...me, verifiedDomain: link.domain, verifiedAt: '2030-01-02T10:00:00Z' }
    return HttpResponse.json(saveUser(verified))
  }),
]
