import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAuthStore } from '@/lib/auth-store'
import { db, seedAccount } from '@/testing/mocks/db'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

const form = () => screen.getByRole('form', { name: 'Verify your company' })

describe('/profile: Verify your company', () => {
  it('says a website is needed first when the profile has none', async () => {
    await renderApp('/profile', { as: { userType: 'startup', companyName: 'Nimbus Labs', website: '' } })
    const section = screen.getByRole('region', { name: 'Verify your company' })
    expect(within(section).getByText(/Add your company's website to your profile first/)).toBeInTheDocument()
    expect(within(section).queryByLabelText('Work email')).not.toBeInTheDocument()
  })

  it("checks the address, shows the server's refusal, then confirms the link is on its way", async () => {
    const { events, user } = await renderApp('/profile', {
      as: { userType: 'startup', companyName: 'Nimbus Labs', website: 'https://www.nimbus.io' },
    })
    const email = within(form()).getByLabelText('Work email')
    const send = within(form()).getByRole('button', { name: 'Send verification link' })

    await events.click(send)
    expect(email).toHaveAccessibleDescription('Enter your work email address')
    await events.type(email, 'ceo-at-nimbus')
    await events.click(send)
    expect(email).toHaveAccessibleDescription('Invalid email address')
    await events.clear(email)
    await events.type(email, 'ceo@evilnimbus.io')
    await events.click(send)
    expect(email).toHaveAccessibleDescription("The address must be at nimbus.io, your website's domain.")
    // A mailbox at a subdomain does not verify the domain above it.
    await events.clear(email)
    await events.type(email, 'ceo@mail.nimbus.io')
    await events.click(send)
    expect(email).toHaveAccessibleDescription('Use an address at nimbus.io itself: an address at mail.nimbus.io does not prove you own nimbus.io.')
    expect(db.verifications.size).toBe(0)

    // A refusal only the server knows (here: too many links) is shown too.
    server.use(
      http.post(
        '*/api/startup/verification',
        () => HttpResponse.json({ message: 'Too many verification emails. Please try again later.', code: 'throttled' }, { status: 429 }),
        { once: true },
      ),
    )
    await events.clear(email)
    await events.type(email, 'CEO@nimbus.io')
    await events.click(send)
    expect(await screen.findByText('Too many verification emails. Please try again later.')).toBeInTheDocument()

    await events.click(send)
    expect(await within(form()).findByRole('status')).toHaveTextContent(
      'We sent a verification link to ceo@nimbus.io. Open it while signed in to this account.',
    )
    expect([...db.verifications.values()]).toEqual([{ userId: user!._id, email: 'ceo@nimbus.io', domain: 'nimbus.io' }])
  })

  it("maps the server's field error onto the input", async () => {
    const { events } = await renderApp('/profile', { as: { userType: 'startup', companyName: 'Yahoo Fan', website: 'yahoo.com' } })
    const email = within(form()).getByLabelText('Work email')
    await events.type(email, 'me@yahoo.com')
    await events.click(within(form()).getByRole('button', { name: 'Send verification link' }))
    expect(await within(form()).findByText('Use your work address at yahoo.com, not a free-mail address.')).toBeInTheDocument()
    expect(email).toHaveAccessibleDescription('Use your work address at yahoo.com, not a free-mail address.')
  })

  it('shows the badge instead of the form once verified', async () => {
    await renderApp('/profile', {
      as: { userType: 'startup', companyName: 'Nimbus Labs', website: 'https://nimbus.io', verifiedDomain: 'nimbus.io' },
    })
    expect(screen.queryByRole('form', { name: 'Verify your company' })).not.toBeInTheDocument()
    expect(screen.getAllByText('nimbus.io verified')).toHaveLength(2) // the profile's badge and the section's
  })

  it('edits the website, refusing what is not an address', async () => {
    const { events, user } = await renderApp('/profile', { as: { userType: 'startup', companyName: 'Nimbus Labs', industry: 'Cloud' } })
    const sent: Array<Record<string, unknown>> = []
    server.use(
      http.put('*/api/startup/profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        sent.push(body)
        return HttpResponse.json({ ...user, ...body })
      }),
    )
    await events.click(screen.getByRole('button', { name: 'Edit Profile' }))
    const website = screen.getByLabelText('Website')
    await events.type(website, 'not a site')
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(website).toHaveAccessibleDescription('Please enter a valid URL, such as https://nimbus.io')
    await events.clear(website)
    await events.type(website, 'https://nimbus.io/"about"')
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(website).toHaveAccessibleDescription('Please enter a valid URL, such as https://nimbus.io')
    expect(sent).toHaveLength(0)
    await events.clear(website)
    await events.type(website, 'nimbus.io')
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument()
    expect(sent[0]).toMatchObject({ website: 'nimbus.io' })
    expect(useAuthStore.getState().user?.website).toBe('nimbus.io')
  })
})

describe('/verify-company', () => {
  const signIn = (overrides: Parameters<typeof seedAccount>[0]) => {
    const { user, token } = seedAccount(overrides)
    useAuthStore.getState().login({ token, user }, { remember: true })
    return user
  }

  it('verifies the startup that asked, and the link is spent', async () => {
    const startup = signIn({ userType: 'startup', companyName: 'Nimbus Labs', website: 'https://nimbus.io' })
    db.verifications.set('mailed-token', { userId: startup._id, email: 'ceo@nimbus.io', domain: 'nimbus.io' })
    await renderApp('/verify-company?token=mailed-token')
    expect(await screen.findByText('Nimbus Labs is verified')).toBeInTheDocument()
    expect(screen.getByText('nimbus.io verified')).toBeInTheDocument()
    expect(db.verifications.size).toBe(0)
    expect(useAuthStore.getState().user?.verifiedDomain).toBe('nimbus.io')
  })

  it("refuses another startup's link with the server's words", async () => {
    const asker = seedAccount({ userType: 'startup', companyName: 'Nimbus Labs' }).user
    db.verifications.set('mailed-token', { userId: asker._id, email: 'ceo@nimbus.io', domain: 'nimbus.io' })
    signIn({ userType: 'startup', companyName: 'Copycat Labs', website: 'https://nimbus.io' })
    await renderApp('/verify-company?token=mailed-token')
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link was sent for another Bridgework account.')
    expect(db.verifications.size).toBe(1)
  })

  it('tells a signed-out visitor what to do, without spending the link', async () => {
    await renderApp('/verify-company?token=mailed-token')
    const advice = screen.getByText(/You are signed out\. Sign in as the startup that asked for this link/)
    expect(within(advice).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })
})
