import { http, HttpResponse } from 'msw'
import type { User } from '@/types/api'
import { db, userForToken } from './db'
import { pagedJson } from './paging'
import { pushEvent } from './realtime'

// A stand-in for /api/chat (backend/chat) for component tests: an in-memory message list that
// announces chat.message and chat.read on the mock socket like the real server. Tests opt in with
// server.use(...chatHandlers).

type StoredAttachment = { url: string; name: string; type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf'; size: number }

type StoredMessage = {
  _id: string
  sender: string
  receiver: string
  content: string
  clientId?: string
  createdAt: string
  readAt: string | null
  attachments: StoredAttachment[]
}

type SendBody = { receiver: string; content: string; clientId?: string; attachments?: Array<{ url: string; name: string }> }

export const chatDb = {
  messages: [] as StoredMessage[],
  sends: [] as Partial<SendBody>[],
  /** Files POST /api/uploads/chat stored, by url. */
  uploads: new Map<string, StoredAttachment>(),
  sequence: 0,
}

export function resetChatDb() {
  chatDb.messages = []
  chatDb.sends = []
  chatDb.uploads = new Map()
}

const magic: Array<[string, StoredAttachment['type']]> = [
  ['\x89PNG', 'image/png'],
  ['\xff\xd8\xff', 'image/jpeg'],
  ['GIF8', 'image/gif'],
  ['RIFF', 'image/webp'],
  ['%PDF-', 'application/pdf'],
]

/** The type of a chat file by its first bytes, like backend/uploads Detect (without its deeper checks). */
function detect(bytes: Uint8Array): StoredAttachment['type'] | undefined {
  const head = String.fromCharCode(...bytes.slice(0, 8))
  return magic.find(([prefix]) => head.startsWith(prefix))?.[1]
}

const bearer = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)
const users = () => [...db.accounts.values()].map((a) => a.user)
const partnerType = (u: User) => (u.userType === 'student' ? 'startup' : 'student')

/** A message id that sorts after every earlier one, like a UUID v7. */
function nextId() {
  chatDb.sequence += 1
  return `0193b000-0000-7000-8000-${String(chatDb.sequence).padStart(12, '0')}`
}

/** Stores a message as the server would and announces it to both parties. */
export function storeMessage(
  sender: string,
  receiver: string,
  content: string,
  clientId?: string,
  attachments: StoredAttachment[] = [],
): StoredMessage {
  const message = { _id: nextId(), sender, receiver, content, clientId, createdAt: new Date().toISOString(), readAt: null, attachments }
  chatDb.messages.push(message)
  pushEvent(receiver, 'chat.message', message)
  pushEvent(sender, 'chat.message', message)
  return message
}

/** Stores earlier history between sender and receiver, one message per content, unannounced. */
export function seedThread(sender: string, receiver: string, contents: string[]) {
  for (const content of contents) {
    chatDb.messages.push({ _id: nextId(), sender, receiver, content, createdAt: new Date().toISOString(), readAt: null, attachments: [] })
  }
}

const chatUser = (u: User) => ({
  _id: u._id,
  userType: u.userType,
  companyName: u.companyName ?? '',
  firstName: u.firstName ?? '',
  lastName: u.lastName ?? '',
  email: u.email,
  profilePicture: u.profilePicture ?? '',
  online: false,
})

const between = (a: string, b: string) => chatDb.messages.filter((m) => (m.sender === a && m.receiver === b) || (m.sender === b && m.receiver === a))

export const chatHandlers = [
  http.get('*/api/chat/partners', ({ request }) => {
    const me = bearer(request)
    if (!me) return HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 })
    return pagedJson(
      users()
        .filter((u) => u.userType === partnerType(me))
        .map((u) => ({ ...chatUser(u), description: u.companyDescription || u.headline || '' })),
      request,
    )
  }),
  http.get('*/api/chat/conversations', ({ request }) => {
    const me = bearer(request)!
    const partners = new Map<string, StoredMessage[]>()
    for (const m of chatDb.messages) {
      if (m.sender !== me._id && m.receiver !== me._id) continue
      const other = m.sender === me._id ? m.receiver : m.sender
      partners.set(other, [...(partners.get(other) ?? []), m])
    }
    const rows = [...partners.entries()].map(([id, list]) => ({
      ...chatUser(users().find((u) => u._id === id)!),
      lastMessage: list[list.length - 1]!,
      unreadCount: list.filter((m) => m.receiver === me._id && !m.readAt).length,
    }))
    rows.sort((a, b) => (a.lastMessage._id < b.lastMessage._id ? 1 : -1))
    return pagedJson(rows, request)
  }),
  http.post('*/api/chat/send', async ({ request }) => {
    const me = bearer(request)!
    const body = (await request.json()) as SendBody
    chatDb.sends.push(body)
    const previous = chatDb.messages.find((m) => m.sender === me._id && body.clientId && m.clientId === body.clientId)
    if (previous) return HttpResponse.json(previous)
    const attachments = (body.attachments ?? []).map((a) => {
      const stored = chatDb.uploads.get(a.url)
      return stored && { ...stored, name: a.name || stored.name }
    })
    if (attachments.some((a) => !a)) {
      const message = 'A file could not be attached: attach only files you uploaded to this chat.'
      return HttpResponse.json({ message, code: 'invalid', fields: { attachments: message } }, { status: 400 })
    }
    return HttpResponse.json(storeMessage(me._id, body.receiver, body.content.trim(), body.clientId, attachments as StoredAttachment[]), {
      status: 201,
    })
  }),
  // As backend/uploads: images and PDFs by their first bytes, whatever the name or the browser
  // says; the url is "signed". The file reaches the mock without its name (jsdom's File through
  // fetch's FormData), so a send shows the name the client gave.
  http.post('*/api/uploads/chat', async ({ request }) => {
    const file = (await request.formData()).get('file')
    const type = typeof file === 'object' && file ? detect(new Uint8Array(await file.arrayBuffer())) : undefined
    if (typeof file !== 'object' || !file || !type) {
      const message = 'Please upload a PNG, JPEG, GIF or WebP image or a PDF'
      return HttpResponse.json({ message, code: 'unsupported_type', fields: { file: message } }, { status: 415 })
    }
    chatDb.sequence += 1
    const url = `/api/files/0193b000-0000-7000-9000-${String(chatDb.sequence).padStart(12, '0')}?expires=9999999999&signature=test`
    const stored = { url, name: file.name, type, size: file.size }
    chatDb.uploads.set(url, stored)
    return HttpResponse.json(stored, { status: 201 })
  }),
  http.post('*/api/chat/:userId/read', ({ request, params }) => {
    const me = bearer(request)!
    const unread = chatDb.messages.filter((m) => m.sender === params.userId && m.receiver === me._id && !m.readAt)
    const readAt = new Date().toISOString()
    unread.forEach((m) => (m.readAt = readAt))
    const receipt = { readerId: me._id, senderId: String(params.userId), upTo: unread[unread.length - 1]?._id ?? '', readAt }
    if (unread.length > 0) {
      pushEvent(receipt.senderId, 'chat.read', receipt)
      pushEvent(me._id, 'chat.read', receipt)
    }
    return HttpResponse.json({ ...receipt, count: unread.length })
  }),
  // Pages of ?per_page= (default and most 100) like the server (backend/httpapi/chat.go): the
  // first after the cursor, the last before it, or the latest. A full page links to the next one
  // in the same direction as rel="next": ?after= its last message, else ?before= its first.
  http.get('*/api/chat/:userId', ({ request, params }) => {
    const me = bearer(request)!
    const url = new URL(request.url)
    const after = url.searchParams.get('after')
    const before = url.searchParams.get('before')
    const perPage = Number(url.searchParams.get('per_page') ?? 100)
    const thread = between(me._id, String(params.userId))
    const page = after ? thread.filter((m) => m._id > after).slice(0, perPage) : thread.filter((m) => !before || m._id < before).slice(-perPage)
    const next = after ? ['after', page[page.length - 1]?._id ?? ''] : ['before', page[0]?._id ?? '']
    const link = `<${url.pathname}?${new URLSearchParams([next, ['per_page', String(perPage)]])}>; rel="next"`
    return HttpResponse.json(page, { headers: page.length === perPage ? { Link: link } : {} })
  }),
  http.get('*/api/users/:id', ({ request, params }) => {
    const user = users().find((u) => u._id === params.id)
    if (!user) return HttpResponse.json({ message: 'User not found.', code: 'not_found' }, { status: 404 })
    const me = bearer(request)
    // As the server (backend/profiles/privacy.go): another student gets no contact details or résumé.
    if (me?.userType === 'student' && user.userType === 'student' && me._id !== user._id) {
      const { email: _email, phone: _phone, collegeEmail: _collegeEmail, resume: _resume, ...shown } = user
      return HttpResponse.json(shown)
    }
    return HttpResponse.json(user)
  }),
]
