import { describe, expect, it } from 'vitest'
import type { ChatMessage, Conversation } from '../api/types'
import { formatSize, messagePreview } from '../lib/attachments'
import { applyMessageToConversations, applyReadReceipt, clearUnread, mergeMessages, setOnline } from '../lib/chat-cache'

const ME = 'me'
const msg = (id: string, sender: string, receiver: string, readAt: string | null = null): ChatMessage => ({
  _id: id,
  sender,
  receiver,
  content: `m${id}`,
  createdAt: '2025-01-01T00:00:00Z',
  readAt,
  attachments: [],
})
const conv = (id: string, last: ChatMessage, unreadCount = 0): Conversation => ({
  _id: id,
  id,
  userType: 'startup',
  companyName: id,
  firstName: '',
  lastName: '',
  email: `${id}@x.co`,
  profilePicture: '',
  online: false,
  lastMessage: last,
  unreadCount,
})

describe('mergeMessages', () => {
  it('takes the freshly signed file links of a refetched message, and keeps it read', () => {
    const file = (url: string) => [{ url, name: 'a.png', type: 'image/png' as const, size: 10 }]
    const cached = { ...msg('01', 'p', ME, 'read'), attachments: file('/api/files/f?expires=1&signature=old') }
    const refetched = { ...msg('01', 'p', ME), attachments: file('/api/files/f?expires=2&signature=new') }
    const [merged] = mergeMessages([cached], [refetched])
    expect(merged!.attachments[0]!.url).toBe('/api/files/f?expires=2&signature=new')
    expect(merged!.readAt).toBe('read')
  })

  it('adds new messages in id (time) order and replaces known ones without duplicates', () => {
    const list = [msg('01', ME, 'p'), msg('03', 'p', ME)]
    const merged = mergeMessages(list, [msg('02', 'p', ME), msg('03', 'p', ME, 'read'), msg('01', ME, 'p')])
    expect(merged.map((m) => m._id)).toEqual(['01', '02', '03'])
    expect(merged[2]!.readAt).toBe('read')
  })
  it('keeps the same array when nothing arrives', () => {
    const list = [msg('01', ME, 'p')]
    expect(mergeMessages(list, [])).toBe(list)
  })
})

describe('applyReadReceipt', () => {
  const thread = [msg('01', ME, 'p'), msg('02', 'p', ME), msg('03', ME, 'p'), msg('04', ME, 'p')]
  it("marks the reader's incoming messages up to upTo, nothing else", () => {
    const next = applyReadReceipt(thread, { readerId: 'p', senderId: ME, upTo: '03', readAt: 'now' })
    expect(next.map((m) => m.readAt)).toEqual(['now', null, 'now', null])
  })
  it('returns the same thread when nothing changes', () => {
    expect(applyReadReceipt(thread, { readerId: 'x', senderId: ME, upTo: '09', readAt: 'now' })).toBe(thread)
  })
})

describe('applyMessageToConversations', () => {
  const list = [conv('a', msg('05', 'a', ME)), conv('b', msg('03', ME, 'b'))]
  it('moves the partner to the top with the message and counts it unread', () => {
    const next = applyMessageToConversations(list, msg('06', 'b', ME), ME)!
    expect(next.map((c) => c._id)).toEqual(['b', 'a'])
    expect(next[0]).toMatchObject({ unreadCount: 1, lastMessage: { _id: '06' } })
  })
  it('does not count my own messages or the same message twice', () => {
    const mine = applyMessageToConversations(list, msg('06', ME, 'b'), ME)!
    expect(mine[0]).toMatchObject({ _id: 'b', unreadCount: 0 })
    const again = applyMessageToConversations(applyMessageToConversations(list, msg('06', 'b', ME), ME)!, msg('06', 'b', ME), ME)!
    expect(again[0]!.unreadCount).toBe(1)
  })
  it('asks for a refetch (null) when the partner is new', () => {
    expect(applyMessageToConversations(list, msg('07', 'c', ME), ME)).toBeNull()
  })
  it('clears the unread count when I read, and only then', () => {
    const unread = [conv('a', msg('05', 'a', ME), 3)]
    expect(clearUnread(unread, { readerId: ME, senderId: 'a', upTo: '05', readAt: 'now' }, ME)[0]!.unreadCount).toBe(0)
    expect(clearUnread(unread, { readerId: 'a', senderId: ME, upTo: '05', readAt: 'now' }, ME)).toBe(unread)
  })
  it('sets online dots', () => {
    expect(setOnline(list, 'a', true)[0]!.online).toBe(true)
    expect(setOnline(list, 'a', false)).toBe(list)
  })
})

describe('attachments', () => {
  it('previews a message by its text, or by its files when it has none', () => {
    const files = [
      { url: '/api/files/a', name: 'a.png', type: 'image/png' as const, size: 1 },
      { url: '/api/files/b', name: 'b.pdf', type: 'application/pdf' as const, size: 2 },
    ]
    expect(messagePreview({ content: 'hi', attachments: files })).toBe('hi')
    expect(messagePreview({ content: '', attachments: files })).toBe('📎 a.png, b.pdf')
    expect(messagePreview({ content: '', attachments: [] })).toBe('')
  })

  it('formats sizes', () => {
    expect([formatSize(512), formatSize(14 * 1024), formatSize(2.3 * 1024 * 1024)]).toEqual(['512 B', '14 KB', '2.3 MB'])
  })
})
