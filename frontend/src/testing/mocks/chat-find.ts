import { http, HttpResponse } from 'msw'
import { chatDb } from './chat'
import { userForToken } from './db'
import { pushEvent } from './realtime'

// Chat you can find your way in (docs/api-contract.md, "Saved searches and finding your way in
// chat"), over chat.ts's in-memory messages:
// POST /api/chat/read-all and GET /api/chat/{userId}?q=. A request without ?q= falls through to
// chatHandlers. Tests that also use chatHandlers put these in front: server.use(...chatFindHandlers)
// after server.use(...chatHandlers).

const bearer = (request: Request) => userForToken(request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null)

const MAX_QUERY = 200

export const chatFindHandlers = [
  http.post('*/api/chat/read-all', ({ request }) => {
    const me = bearer(request)
    if (!me) return HttpResponse.json({ message: 'Unauthorized', code: 'unauthorized' }, { status: 401 })
    const unread = chatDb.messages.filter((m) => m.receiver === me._id && !m.readAt)
    const readAt = new Date().toISOString()
    unread.forEach((m) => (m.readAt = readAt))
    for (const senderId of new Set(unread.map((m) => m.sender))) {
      const upTo = unread.filter((m) => m.sender === senderId).at(-1)!._id
      const receipt = { readerId: me._id, senderId, upTo, readAt }
      pushEvent(senderId, 'chat.read', receipt)
      pushEvent(me._id, 'chat.read', receipt)
    }
    return HttpResponse.json({ marked: unread.length })
  }),
  // Newest first, ?before= pages on, like backend/httpapi/chat.go's search.
  http.get('*/api/chat/:userId', ({ request, params }) => {
    const url = new URL(request.url)
    const q = url.searchParams.get('q')
    if (q === null) return undefined
    if (q.length > MAX_QUERY) {
      const message = `q: at most ${MAX_QUERY} characters`
      return HttpResponse.json({ error: message, message, code: 'invalid', fields: { q: message } }, { status: 400 })
    }
    const me = bearer(request)!
    const other = String(params.userId)
    const before = url.searchParams.get('before')
    const perPage = Number(url.searchParams.get('per_page') ?? 100)
    const needle = q.toLowerCase()
    const page = chatDb.messages
      .filter((m) => (m.sender === me._id && m.receiver === other) || (m.sender === other && m.receiver === me._id))
      .filter((m) => m.content.toLowerCase().includes(needle) && (!before || m._id < before))
      .reverse()
      .slice(0, perPage)
    const next = new URLSearchParams([
      ['q', q],
      ['before', page.at(-1)?._id ?? ''],
      ['per_page', String(perPage)],
    ])
    return HttpResponse.json(page, { headers: page.length === perPage ? { Link: `<${url.pathname}?${next}>; rel="next"` } : {} })
  }),
]
