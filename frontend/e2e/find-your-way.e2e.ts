import { describe, expect, it } from 'vitest'
import { apiCall } from './support/api'
import { saveScreenshot } from './support/browser'
import { chatPanel, openAs, useStudentAndStartup } from './support/live'

// docs/api-contract.md, "Saved searches and finding your way in chat", against the real server:
// unread counts per conversation, mark all as read, a conversation's search, and opening on the
// first unread message.

const users = useStudentAndStartup('find')

describe('chat you can find your way in', () => {
  it('shows unread counts, marks all read, opens on the first unread and searches the history', async ({ onTestFailed }) => {
    const { student, startup, studentPage: page } = users
    onTestFailed(async () => {
      await saveScreenshot(page, 'find-your-way')
    })
    const send = (content: string) => apiCall('POST', '/api/chat/send', startup.token, { receiver: student.user._id, content })
    for (const content of ['Invoice for March', 'Hello there', 'Invoice for April']) await send(content)

    await openAs(page, student, '/messages')
    const conversations = page.getByRole('list', { name: 'Conversations' })
    await conversations.getByLabel('3 unread messages').waitFor()
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect.poll(() => conversations.getByLabel(/unread message/).count()).toBe(0)
    const after = await apiCall<Array<{ unread: number }>>('GET', '/api/chat/conversations', student.token)
    expect(after.map((c) => c.unread)).toEqual([0])

    await send('Did you see the April invoice?')
    await send('One more thing')
    await openAs(page, student, `/chat/${startup.user._id}`)
    await chatPanel(page).getByRole('separator', { name: 'New messages' }).waitFor()

    await chatPanel(page).getByRole('searchbox', { name: 'Search this conversation' }).fill('INVOICE')
    await chatPanel(page).getByRole('searchbox', { name: 'Search this conversation' }).press('Enter')
    const matches = chatPanel(page).getByRole('list', { name: 'Messages matching “INVOICE”' })
    await matches.waitFor()
    await expect.poll(() => matches.getByRole('listitem').count()).toBe(3)
    await expect.poll(() => matches.getByRole('listitem').first().textContent()).toContain('Did you see the April invoice?')

    await chatPanel(page).getByRole('searchbox', { name: 'Search this conversation' }).fill('nothing like it')
    await chatPanel(page).getByRole('searchbox', { name: 'Search this conversation' }).press('Enter')
    await chatPanel(page).getByText('No messages match “nothing like it”').waitFor()
  })
})
