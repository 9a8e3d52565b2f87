import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { addCertificate, credentialOf, market, resetMarket } from '@/testing/mocks/marketplace'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

describe('/certificates', () => {
  it('shows a card grid with 3 skills and downloads the PDF as certificate_{number}.pdf', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    const cert = addCertificate(student)
    URL.createObjectURL = vi.fn(() => 'blob:certificate')
    URL.revokeObjectURL = vi.fn()
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { events } = await renderApp('/certificates', { as: student })
    const card = await screen.findByRole('article', { name: 'Build a landing page' })
    expect(card).toHaveTextContent('Nimbus Labs')
    expect(card).toHaveTextContent('BW-ABCDEFGHIJKLMNOP')
    expect(
      within(within(card).getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React', 'CSS', 'Figma', '+1 more'])
    await events.click(within(card).getByRole('button', { name: 'Download certificate for Build a landing page' }))
    expect(await screen.findByText('Certificate downloaded successfully!')).toBeInTheDocument()
    expect(saved).toEqual(['certificate_BW-ABCDEFGHIJKLMNOP.pdf'])
    expect(market.requests.some((r) => r.url.pathname === `/api/student/certificates/${cert._id}/download`)).toBe(true)
    const list = market.requests.find((r) => r.url.pathname === '/api/student/certificates')!
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ page: '1', per_page: '100' })
    click.mockRestore()
  })

  it('shows the verify address as a link and an Add to LinkedIn action filled with the certificate', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    const cert = addCertificate(student)
    await renderApp('/certificates', { as: student })
    const card = await screen.findByRole('article', { name: 'Build a landing page' })
    const address = `${window.location.origin}/verify/BW-ABCDEFGHIJKLMNOP`
    expect(within(card).getByRole('link', { name: address })).toHaveAttribute('href', address)
    const linkedIn = within(card).getByRole('link', { name: 'Add to LinkedIn: Build a landing page (opens in a new tab)' })
    expect(linkedIn).toHaveAttribute('target', '_blank')
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer')
    const url = new URL(linkedIn.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add')
    const issued = new Date(cert.issuedAt)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Build a landing page',
      organizationName: 'Nimbus Labs',
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: address,
      certId: 'BW-ABCDEFGHIJKLMNOP',
    })
  })

  it('offers the signed credential and the baked badge of each certificate as downloads', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user
    addCertificate(student)
    await renderApp('/certificates', { as: student })
    const card = await screen.findByRole('article', { name: 'Build a landing page' })
    const credential = within(card).getByRole('link', { name: 'Download credential for Build a landing page' })
    expect(credential).toHaveAttribute('href', '/api/certificates/BW-ABCDEFGHIJKLMNOP/credential')
    expect(credential).toHaveAttribute('download', 'credential_BW-ABCDEFGHIJKLMNOP.json')
    const badge = within(card).getByRole('link', { name: 'Badge image for Build a landing page' })
    expect(badge).toHaveAttribute('href', '/api/certificates/BW-ABCDEFGHIJKLMNOP/badge.png')
    expect(badge).toHaveAttribute('download', 'badge_BW-ABCDEFGHIJKLMNOP.png')
  })

  it('says No certificates yet, and tells startups certificates are for students', async () => {
    const { unmount } = await renderApp('/certificates', { as: 'student' })
    expect(await screen.findByText('No certificates yet')).toBeInTheDocument()
    unmount()
    await renderApp('/certificates', { as: 'startup' })
    expect(await screen.findByText('Certificates are only available for students.')).toBeInTheDocument()
  })
})

describe('/verify/:number', () => {
  it('says genuine and what it certifies', async () => {
    addCertificate(seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user)
    await renderApp('/verify/BW-ABCDEFGHIJKLMNOP')
    expect(await screen.findByText('Genuine certificate')).toBeInTheDocument()
    expect(screen.getByText(/certifies that/)).toHaveTextContent(
      'Bridgework certifies that Asha Verma completed Build a landing page for Nimbus Labs.',
    )
  })

  it("shows a verified issuer's domain, its age on Bridgework and the task's dates", async () => {
    addCertificate(seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user, {
      startup: { _id: 'startup-1', companyName: 'Nimbus Labs', verifiedDomain: 'nimbus.io', since: '2026-03-02T09:00:00Z' },
      metadata: {
        taskTitle: 'Build a landing page',
        taskCategory: 'web-development',
        taskPostedAt: '2029-11-20T00:00:00Z',
        completionDate: '2029-12-05T00:00:00Z',
      },
    })
    await renderApp('/verify/BW-ABCDEFGHIJKLMNOP')
    // eslint-disable-next-line testing-library/no-node-access -- the issuer line is the paragraph around its text and badge
    const issuer = (await screen.findByText(/Issued by/)).closest('p')!
    expect(issuer).toHaveTextContent('Issued by Nimbus Labs · nimbus.io verified')
    expect(within(issuer).getByText('nimbus.io verified')).toHaveAttribute('title', 'Bridgework checked that this company controls nimbus.io')
    expect(screen.getByText('On Bridgework since March 2026')).toBeInTheDocument()
    // eslint-disable-next-line testing-library/no-node-access -- the date is the text beside its label
    expect(screen.getByText('Task posted').nextSibling).toHaveTextContent(/2029/)
    expect(screen.queryByText('issuer not verified')).not.toBeInTheDocument()
  })

  it('says when the issuer is not verified', async () => {
    addCertificate(seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user, {
      startup: { _id: 'startup-1', companyName: 'Google LLC', verifiedDomain: '', since: '2029-12-01T00:00:00Z' },
    })
    await renderApp('/verify/BW-ABCDEFGHIJKLMNOP')
    // eslint-disable-next-line testing-library/no-node-access -- the issuer line is the paragraph around its text
    expect((await screen.findByText(/Issued by/)).closest('p')).toHaveTextContent('Issued by Google LLC · issuer not verified')
    expect(screen.queryByTitle(/Bridgework checked that this company controls/)).not.toBeInTheDocument()
  })

  it('says not genuine for an unknown number, and checks no credential', async () => {
    await renderApp('/verify/BW-ZZZZZZZZZZZZZZZZ')
    expect(await screen.findByText('Not a genuine certificate')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Signed credential' })).not.toBeInTheDocument()
    expect(market.requests.some((r) => r.url.pathname === '/api/credentials/verify')).toBe(false)
  })

  it("verifies the certificate's own credential: the signature, the issuer's DID and domain, the evidence", async () => {
    addCertificate(seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user, {
      startup: { _id: 'startup-1', companyName: 'Nimbus Labs', verifiedDomain: 'nimbus.io', since: '2026-03-02T09:00:00Z' },
    })
    await renderApp('/verify/BW-ABCDEFGHIJKLMNOP')
    const region = await screen.findByRole('region', { name: 'Signed credential' })
    expect(await within(region).findByText('Signature verified')).toBeInTheDocument()
    expect(region).toHaveTextContent('Bridgework · did:web:localhost')
    expect(within(region).getByText('nimbus.io verified')).toBeInTheDocument()
    expect(region).toHaveTextContent('Asha Verma completed Build a landing page')
    expect(within(region).getByRole('link', { name: 'Revision 1 of the work submitted for “Build a landing page”' })).toHaveAttribute(
      'href',
      'https://example.com/work',
    )
    expect(within(region).getByRole('link', { name: 'Download it' })).toHaveAttribute('href', '/api/certificates/BW-ABCDEFGHIJKLMNOP/credential')
  })

  it('verifies a dropped file, says why a changed one fails, and refuses a file with no credential', async () => {
    const cert = addCertificate(seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma' }).user)
    await renderApp('/verify/BW-ZZZZZZZZZZZZZZZZ')
    const region = await screen.findByRole('region', { name: 'Verify a file' })
    const drop = (content: string, name: string) =>
      fireEvent.drop(within(region).getByTestId('credential-drop-zone'), {
        dataTransfer: { files: [new File([content], name, { type: 'application/json' })] },
      })

    drop(JSON.stringify(credentialOf(cert)), 'credential.json')
    expect(await within(region).findByText('Signature verified')).toBeInTheDocument()
    expect(region).toHaveTextContent('credential.json')
    expect(within(region).getByRole('link', { name: 'Certificate BW-ABCDEFGHIJKLMNOP' })).toHaveAttribute('href', '/verify/BW-ABCDEFGHIJKLMNOP')

    drop(JSON.stringify({ ...credentialOf(cert), name: 'Forged' }), 'forged.json')
    expect(await within(region).findByText('Signature not verified')).toBeInTheDocument()
    expect(region).toHaveTextContent('The signature does not match the credential')

    drop('hello', 'notes.txt')
    expect(await within(region).findByRole('alert')).toHaveTextContent('This is not a credential')
  })
})
