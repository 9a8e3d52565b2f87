import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { useLiveStore } from '@/lib/realtime/live-store'
import { chatDb, chatHandlers, resetChatDb, storeMessage } from '@/testing/mocks/chat'
import { seedAccount } from '@/testing/mocks/db'
import { resetRealtime } from '@/testing/mocks/realtime'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => {
  resetChatDb()
  resetRealtime()
  server.use(...chatHandlers)
})

async function openConversation() {
  const acme = seedAccount({ userType: 'startup', companyName: 'Acme Labs' }).user
  const view = await renderApp(`/chat/${acme._id}`, { as: { userType: 'student', firstName: 'Ada', lastName: 'Lovelace' } })
  await waitFor(() => expect(useLiveStore.getState().status).toBe('ready'))
  await screen.findByRole('region', { name: 'Chat with Acme Labs' })
  return { ...view, acme }
}

/** The conversation's panel, looked up afresh: it renders again once the partner is known. */
function panel() {
  return screen.getByRole('region', { name: 'Chat with Acme Labs' })
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'diagram.png', { type: 'image/png' })
const pdf = () => new File(['%PDF-1.4 brief'], 'brief.pdf', { type: 'application/pdf' })

describe('files in chat', () => {
  it('attaches an image and a PDF, shows them as removable chips, and sends them', async () => {
    const { events } = await openConversation()
    const attach = within(panel()).getByRole('button', { name: 'Attach an image or PDF' })
    const input = within(panel()).getByLabelText<HTMLInputElement>('Attach files')
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp,application/pdf')
    // Keyboard reachable: Tab goes from Attach to the message box.
    attach.focus()
    await events.tab()
    expect(within(panel()).getByRole('textbox', { name: 'Message' })).toHaveFocus()

    await events.upload(input, [png(), pdf(), new File(['%PDF-1.4 x'], 'extra.pdf', { type: 'application/pdf' })])
    const chips = () => within(panel()).getByRole('list', { name: 'Files to send' })
    expect(await within(chips()).findByText('8 B')).toBeInTheDocument() // diagram.png uploaded
    await waitFor(() => expect(within(chips()).queryByText('Uploading…')).not.toBeInTheDocument())
    await events.click(within(chips()).getByRole('button', { name: 'Remove extra.pdf' }))
    expect(within(chips()).queryByText('extra.pdf')).not.toBeInTheDocument()

    // No text: the files alone make a message.
    await events.click(within(panel()).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(chatDb.sends).toHaveLength(1))
    const [sent] = chatDb.sends
    expect(sent!.content).toBe('')
    expect(sent!.attachments).toEqual([
      { url: expect.stringMatching(/^\/api\/files\/.+\?expires=.+&signature=/) as string, name: 'diagram.png' },
      { url: expect.stringMatching(/^\/api\/files\//) as string, name: 'brief.pdf' },
    ])
    expect(within(panel()).queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument()
    const log = within(panel()).getByRole('log', { name: 'Messages with Acme Labs' })
    expect(await within(log).findByRole('img', { name: 'diagram.png' })).toBeInTheDocument()
    expect(within(log).getByRole('link', { name: /brief\.pdf/ })).toBeInTheDocument()
  })

  it('shows a received image inline (opening full size in a new tab) and a PDF as a download with its size', async () => {
    const { acme, user } = await openConversation()
    storeMessage(acme._id, user!._id, 'The mock-up and the brief', undefined, [
      { url: '/api/files/img-1?expires=1&signature=a', name: 'mock-up.png', type: 'image/png', size: 2048 },
      { url: '/api/files/pdf-1?expires=1&signature=b', name: 'brief.pdf', type: 'application/pdf', size: 1_572_864 },
    ])
    const log = await screen.findByRole('log', { name: 'Messages with Acme Labs' })
    const image = await within(log).findByRole('img', { name: 'mock-up.png' })
    expect(image.getAttribute('src')).toMatch(/\/api\/files\/img-1\?expires=1&signature=a$/)
    expect(image.className).toMatch(/max-h-48/)
    const open = within(log).getByTitle('Open mock-up.png')
    expect(open).toHaveAttribute('target', '_blank')
    expect(open).toHaveAttribute('rel', 'noopener noreferrer')
    const download = within(log).getByRole('link', { name: /brief\.pdf/ })
    expect(download).toHaveAttribute('download', 'brief.pdf')
    expect(download.getAttribute('href')).toMatch(/\/api\/files\/pdf-1\?expires=1&signature=b$/)
    expect(within(download).getByText('1.5 MB')).toBeInTheDocument()
    expect(within(log).getByText('The mock-up and the brief')).toBeInTheDocument()
  })

  it("toasts the server's refusal of an upload and drops the file", async () => {
    server.use(
      http.post('*/api/uploads/chat', () => {
        const message = 'You have used your 50 MB of upload space. Replace or remove a file to upload more.'
        return HttpResponse.json({ message, code: 'too_large' }, { status: 413 })
      }),
    )
    const { events } = await openConversation()
    await events.upload(within(panel()).getByLabelText('Attach files'), png())
    expect(await screen.findByText('You have used your 50 MB of upload space. Replace or remove a file to upload more.')).toBeInTheDocument()
    await waitFor(() => expect(within(panel()).queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument())
    expect(within(panel()).getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('toasts a wrong type with the server message', async () => {
    const { events } = await openConversation()
    // The picker offers images and PDFs only; a file that gets past it is the server's to refuse.
    const disguised = new File(['MZ'], 'setup.exe', { type: 'image/png' })
    await events.upload(within(panel()).getByLabelText('Attach files'), disguised)
    expect(await screen.findByText('Please upload a PNG, JPEG, GIF or WebP image or a PDF')).toBeInTheDocument()
  })
})
