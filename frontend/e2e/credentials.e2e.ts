import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn } from './support/browser'
import { BASE_URL } from './support/env'
import { openAs, register } from './support/live'

// Every certificate is an Open Badges 3.0 credential: the startup approves, the student downloads
// the signed credential and the baked badge from /certificates, and anyone verifies them on the
// public page, the certificate's own credential and a dropped file alike.

const pageOf = usePagesOfTheirOwn()

/** Drops a file with these bytes on the element, as a file dragged from the desktop is dropped. */
async function dropFile(page: Page, testId: string, name: string, type: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([raw], name, { type }))
      return transfer
    },
    { name, type, base64: bytes.toString('base64') },
  )
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer })
}

describe('credentials', () => {
  it('the student downloads the credential and the badge, and the public page verifies them', async ({ onTestFailed }) => {
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('cred-startup'), companyName: 'Nimbus Labs' })
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('cred-student'), firstName: 'आशा', lastName: 'Верма' })
    const title = `Credential task ${randomUUID().slice(0, 6)}`
    const task = await apiCall<{ _id: string }>('POST', '/api/startup/tasks', startup.token, {
      title,
      description: 'A task whose certificate is a signed credential.',
      workType: 'technical',
      category: 'web-development',
      skills: ['React'],
      estimatedHours: 2,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    })
    await apiCall('POST', `/api/student/tasks/${task._id}/submit-link`, student.token, { link: 'https://example.com/landing' })
    const decision = await apiCall<{ certificate: { certificateNumber: string } }>('POST', `/api/startup/tasks/${task._id}/approve`, startup.token, {
      studentId: student.user._id,
      approve: true,
      reviewNotes: 'Shipped as is.',
    })
    const number = decision.certificate.certificateNumber

    const studentPage = await pageOf()
    onTestFailed(() => saveScreenshot(studentPage, 'credentials-student').then(() => undefined))
    await openAs(studentPage, student, '/certificates')
    const card = studentPage.getByRole('article', { name: title })
    const [credentialDownload] = await Promise.all([
      studentPage.waitForEvent('download'),
      card.getByRole('link', { name: `Download credential for ${title}` }).click(),
    ])
    expect(credentialDownload.suggestedFilename()).toBe(`credential_${number}.json`)
    const credentialBytes = await readFile((await credentialDownload.path())!)
    const credential = JSON.parse(credentialBytes.toString('utf8'))
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential'])
    expect(credential.credentialSubject.name).toBe('आशा Верма')
    expect(credential.evidence[0].id).toBe('https://example.com/landing')

    const [badgeDownload] = await Promise.all([
      studentPage.waitForEvent('download'),
      card.getByRole('link', { name: `Badge image for ${title}` }).click(),
    ])
    expect(badgeDownload.suggestedFilename()).toBe(`badge_${number}.png`)
    const badge = await readFile((await badgeDownload.path())!)
    expect(badge.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(badge.includes(Buffer.from('iTXtopenbadgecredential'))).toBe(true)

    // Anyone, signed out: the certificate's own credential is checked on its page.
    const visitor = await pageOf()
    onTestFailed(() => saveScreenshot(visitor, 'credentials-visitor').then(() => undefined))
    await visitor.goto(`/verify/${number}`)
    const signed = visitor.getByRole('region', { name: 'Signed credential' })
    await signed.getByText('Signature verified').waitFor()
    await signed.getByText(`did:web:${new URL(BASE_URL).host.replace(':', '%3A')}`).waitFor()
    expect(await signed.getByRole('link', { name: /Revision 1 of the work submitted/ }).getAttribute('href')).toBe('https://example.com/landing')

    // The badge the student downloaded, dropped on the page, verifies; a changed credential does not.
    const files = visitor.getByRole('region', { name: 'Verify a file' })
    await dropFile(visitor, 'credential-drop-zone', `badge_${number}.png`, 'image/png', badge)
    await files.getByText('Signature verified').waitFor()
    expect(await files.getByRole('link', { name: `Certificate ${number}` }).getAttribute('href')).toBe(`/verify/${number}`)

    const forged = Buffer.from(JSON.stringify({ ...credential, credentialSubject: { ...credential.credentialSubject, name: 'Mallory' } }))
    await dropFile(visitor, 'credential-drop-zone', 'forged.json', 'application/json', forged)
    await files.getByText('Signature not verified').waitFor()
    await files.getByText(/The signature does not match the credential/).waitFor()
  })
})
