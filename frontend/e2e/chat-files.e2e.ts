import { describe, expect, it } from 'vitest'
import { saveScreenshot } from './support/browser'
import { pngBytes } from './support/files'
import { chatPanel, markNoReload, openAs, useStudentAndStartup, waitForLive, wasNotReloaded } from './support/live'

// Files in chat (docs/api-contract.md, "Files in chat"), against the real server: a startup and a
// student have their conversation open on two screens; the startup sends a PNG and a PDF, and the
// student's open screen shows the image (loaded through its signed link) and the PDF's download
// link live.

const users = useStudentAndStartup('chat-files')

/** A minimal valid one-page PDF with its cross-reference table. */
function pdfBytes(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

describe('files in chat', () => {
  it("a startup's image and PDF show live on the student's open conversation", async ({ onTestFailed }) => {
    const { student, startup, studentPage, startupPage } = users
    onTestFailed(async () => {
      await saveScreenshot(studentPage, 'chat-files-student')
      await saveScreenshot(startupPage, 'chat-files-startup')
    })
    await openAs(studentPage, student, `/chat/${startup.user._id}`)
    await openAs(startupPage, startup, `/chat/${student.user._id}`)
    for (const page of [studentPage, startupPage]) {
      await chatPanel(page).getByText('No messages yet').waitFor()
      await waitForLive(page)
      await markNoReload(page)
    }

    // The startup picks two files (the button opens this input's dialog); each uploads at once.
    const composer = chatPanel(startupPage).getByRole('form', { name: 'Send a message' })
    await composer.getByRole('button', { name: 'Attach an image or PDF' }).waitFor()
    const png = pngBytes(24, 16)
    const pdf = pdfBytes()
    await composer.getByLabel('Attach files').setInputFiles([
      { name: 'mock-up.png', mimeType: 'image/png', buffer: png },
      { name: 'brief.pdf', mimeType: 'application/pdf', buffer: pdf },
    ])
    const chips = composer.getByRole('list', { name: 'Files to send' })
    await chips.getByText('mock-up.png').waitFor()
    await chips.getByText('brief.pdf').waitFor()
    await chips.getByText('Uploading…').first().waitFor({ state: 'detached', timeout: 10_000 })
    await composer.getByRole('textbox', { name: 'Message' }).fill('The mock-up and the brief')
    await composer.getByRole('button', { name: 'Send' }).click()
    await chips.waitFor({ state: 'detached', timeout: 10_000 })

    // The student's screen shows both without a reload: the image really loaded through its link.
    const log = chatPanel(studentPage).getByRole('log')
    const message = log.getByRole('listitem').filter({ hasText: 'The mock-up and the brief' })
    await message.waitFor({ timeout: 10_000 })
    const image = message.getByRole('img', { name: 'mock-up.png' })
    await image.waitFor()
    await studentPage.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[role="log"] img[alt="mock-up.png"]')
        return img?.complete && img.naturalWidth > 0
      },
      undefined,
      { timeout: 10_000 },
    )
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([24, 16])
    const src = (await image.getAttribute('src'))!
    expect(src).toMatch(/\/api\/files\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/)

    const download = message.getByRole('link', { name: /brief\.pdf/ })
    expect(await download.getAttribute('download')).toBe('brief.pdf')
    const href = (await download.getAttribute('href'))!
    expect(href).toMatch(/signature=/)
    // The link downloads the very bytes sent; the bare URL is refused.
    const fetched = await studentPage.evaluate(async (url) => {
      const signed = await fetch(url)
      const bare = await fetch(url.split('?')[0]!)
      return {
        status: signed.status,
        disposition: signed.headers.get('Content-Disposition'),
        bytes: [...new Uint8Array(await signed.arrayBuffer())],
        bareStatus: bare.status,
      }
    }, href)
    expect(fetched.status).toBe(200)
    expect(fetched.disposition).toMatch(/^attachment;/)
    expect(Buffer.from(fetched.bytes).equals(pdf)).toBe(true)
    expect(fetched.bareStatus).toBe(403)

    // The sender sees the same in their own thread.
    const own = chatPanel(startupPage).getByRole('log').getByRole('listitem').filter({ hasText: 'The mock-up and the brief' })
    await own.getByRole('img', { name: 'mock-up.png' }).waitFor()
    for (const page of [studentPage, startupPage]) expect(await wasNotReloaded(page)).toBe(true)
  })
})
