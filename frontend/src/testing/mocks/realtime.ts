import { ws } from 'msw'
import { userForToken } from './db'

// A stand-in for the Go hub at /api/ws (backend/realtime): the first frame must be
// {"type":"auth","data":{"token"}} with a token the mock API issued, answered with "ready".
// Tests push server events with pushEvent and read what the app sent in sentFrames.

export const realtimeLink = ws.link(/\/api\/ws$/)

type Client = (typeof realtimeLink)['clients'] extends Set<infer C> ? C : never
const userOf = new Map<Client, string>()

/** Frames the app sent after authenticating (typing, read, ping), oldest first. */
export const sentFrames: Array<{ userId: string; type: string; data: unknown }> = []

export const realtimeHandlers = [
  realtimeLink.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      let frame: { type?: string; data?: Record<string, unknown> }
      try {
        frame = JSON.parse(String(event.data))
      } catch {
        client.close(1003, 'frames must be JSON')
        return
      }
      const userId = userOf.get(client)
      if (!userId) {
        const user = frame.type === 'auth' ? userForToken(String(frame.data?.token ?? '')) : null
        if (!user) {
          client.close(1008, 'unauthorized')
          return
        }
        userOf.set(client, user._id)
        client.send(JSON.stringify({ type: 'ready', data: { userId: user._id } }))
        return
      }
      if (frame.type === 'ping') client.send(JSON.stringify({ type: 'pong', data: frame.data ?? {} }))
      else sentFrames.push({ userId, type: String(frame.type), data: frame.data })
    })
    client.addEventListener('close', () => userOf.delete(client))
  }),
]

/** Sends an event to every authenticated socket of userId, as the hub would. */
export function pushEvent(userId: string, type: string, data: unknown) {
  for (const [client, id] of userOf) {
    if (id === userId) client.send(JSON.stringify({ type, data, id: crypto.randomUUID(), at: new Date().toISOString() }))
  }
}

/** Drops every socket without a close handshake, as a killed server instance would. */
export function dropAllSockets() {
  for (const client of [...userOf.keys()]) client.close(1001, 'going away')
}

/** Closes every socket of userId with an application close code, as the hub does. */
export function closeSocketsOf(userId: string, code: number, reason: string) {
  for (const [client, id] of [...userOf]) if (id === userId) client.close(code, reason)
}

/** Whether userId has an authenticated socket. */
export function isConnected(userId: string): boolean {
  return [...userOf.values()].includes(userId)
}

export function resetRealtime() {
  sentFrames.length = 0
}
