import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { uniqueEmail } from './support/api'
import { saveScreenshot, usePagesOfTheirOwn, waitForPath } from './support/browser'
import { openAs, register } from './support/live'
import { BASE_URL } from './support/env'

// The marketplace's journey (spec §1): a startup posts work with an image; a student finds it with
// search and a filter and submits a link; the startup moves it to review and approves it with a
// note (confirmed in the approve dialog); the student sees Task Completed and one certificate, downloads the PDF (its text holds
// the student's name, the task title and the number), and /verify/{number} says genuine.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

const pageOf = usePagesOfTheirOwn()

/** The text of a PDF, extracted by poppler's pdftotext (Debian's poppler-utils). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ')
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

describe('marketplace', () => {
  it('post with an image → find and submit → review and approve → certificate, PDF and verification', async () => {
    const word = `Zephyr${randomUUID().slice(0, 6)}`
    const title = `Design the ${word} onboarding`
    const startup = await register(BASE_URL, { userType: 'startup', email: uniqueEmail('market-startup'), companyName: 'Journey Labs' })
    const student = await register(BASE_URL, { userType: 'student', email: uniqueEmail('market-student'), firstName: 'Mira', lastName: 'Okafor' })
    const startupPage = await pageOf()
    const studentPage = await pageOf()
    try {
      // The startup posts work with an image.
      await openAs(startupPage, startup, '/startup/post-work')
      const form = startupPage.getByRole('form', { name: 'Post New Work' })
      await form.getByLabel('Title', { exact: true }).fill(title)
      await form.getByLabel('Description', { exact: true }).fill('Three onboarding screens in Figma.')
      await form.locator('input[type="file"]').setInputFiles({ name: 'mockup.png', mimeType: 'image/png', buffer: PNG })
      await form.getByRole('img', { name: 'Preview of mockup.png' }).waitFor()
      await form.getByLabel('Work Type', { exact: true }).selectOption('technical')
      await form.getByLabel('Category', { exact: true }).selectOption('design')
      await form.getByLabel('Skills', { exact: true }).fill('Figma, UI design')
      await form.getByLabel('Estimated Hours', { exact: true }).fill('8')
      await form.getByLabel('Deadline', { exact: true }).fill(inDays(14))
      await form.getByRole('button', { name: 'Post Work' }).click()
      await startupPage.getByText('Work posted!').waitFor()
      await waitForPath(startupPage, '/startup/tasks')
      const posted = startupPage.getByRole('article', { name: title })
      const thumbnail = posted.getByRole('img', { name: `${title}, image 1` })
      await thumbnail.waitFor()
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)

      // The student finds it with the search and the category filter, and submits a link.
      await openAs(studentPage, student, '/tasks')
      await studentPage.getByRole('searchbox', { name: 'Search tasks' }).fill(word.toLowerCase())
      await studentPage.getByRole('button', { name: 'Search', exact: true }).click()
      await studentPage.getByLabel('Category', { exact: true }).selectOption('design')
      await expect.poll(() => new URL(studentPage.url()).search).toContain('category=design')
      const available = studentPage.getByRole('region', { name: 'Available Tasks' })
      const card = available.getByRole('article', { name: title })
      await card.waitFor()
      // The list keeps the unfiltered page on screen until the filtered one arrives.
      await expect.poll(() => available.getByRole('article').count()).toBe(1)
      await card.getByLabel(`Link to your work for ${title}`).fill('https://www.figma.com/file/mira-onboarding')
      await card.getByRole('button', { name: 'Submit Task' }).click()
      await studentPage.getByText('Link submitted successfully!').waitFor()
      const mine = studentPage.getByRole('region', { name: 'Your Submitted Tasks' }).getByRole('article', { name: title })
      await mine.getByText('Link Submitted - Awaiting Review').waitFor()

      // The startup moves it to review, then approves it with a note.
      await startupPage.goto('/startup/tasks')
      const work = startupPage.getByRole('article', { name: title })
      await work.getByRole('button', { name: "Move to Review: Mira Okafor's submission" }).click()
      await startupPage.getByText('Submission moved to under review').waitFor()
      await work.getByRole('button', { name: "Approve Mira Okafor's submission" }).click()
      const approve = startupPage.getByRole('dialog', { name: `Approve Mira Okafor's work on '${title}'?` })
      await approve.getByLabel('Review notes (optional)').fill('Lovely, clear screens.')
      await approve.getByRole('button', { name: 'Confirm' }).click()
      await startupPage.getByText('Work approved!').waitFor()
      await work.getByText('Approved').waitFor()

      // The student sees Task Completed and one certificate.
      await studentPage.goto('/dashboard')
      const done = studentPage.getByRole('region', { name: 'Recently Completed' })
      await done.getByText(title).waitFor()
      await done.getByText('Task Completed').waitFor()
      await studentPage.goto('/certificates')
      const certificates = studentPage.getByRole('article')
      await certificates.first().waitFor()
      expect(await certificates.count()).toBe(1)
      const certificate = studentPage.getByRole('article', { name: title })
      const number = (await certificate.getByText(/^BW-[A-Z2-7]{16}$/).textContent())!.trim()

      // The PDF: its text names the student, the task and the number.
      const [download] = await Promise.all([
        studentPage.waitForEvent('download'),
        certificate.getByRole('button', { name: `Download certificate for ${title}` }).click(),
      ])
      expect(download.suggestedFilename()).toBe(`certificate_${number}.pdf`)
      const text = pdfText(await readFile((await download.path())!))
      expect(text).toContain('Mira Okafor')
      expect(text).toContain(title)
      expect(text).toContain(number)
      await studentPage.getByText('Certificate downloaded successfully!').waitFor()

      // Anyone can check it.
      const visitor = await pageOf()
      await visitor.goto(`/verify/${number}`)
      await visitor.getByText('Genuine certificate').waitFor()
      expect(await visitor.getByText(/certifies that/).textContent()).toContain(`Mira Okafor completed ${title} for Journey Labs`)
    } catch (error) {
      await saveScreenshot(startupPage, 'marketplace-startup')
      await saveScreenshot(studentPage, 'marketplace-student')
      throw error
    }
  })
})
