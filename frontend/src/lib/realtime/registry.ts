import type { QueryClient } from '@tanstack/react-query'
import type { RealtimeEvent } from './types'

// The socket only delivers: what an event changes is decided by the feature that owns its type.
// Features register their handlers, and what to refetch after a gap, once at start (src/app).

/** What a handler gets besides the event's data: the query cache and the signed-in user's id. */
export type RealtimeContext = { queryClient: QueryClient; me: string }

type Handler = (data: unknown, context: RealtimeContext) => void

/** After a (re)connect or a `resync`: refetch, or fill in, what events may have missed. */
export type CatchUp = (queryClient: QueryClient) => Promise<void>

const handlers = new Map<string, Set<Handler>>()
const catchUps = new Set<CatchUp>()

/**
 * Calls `handler` with the data of every `type` event. Handlers are kept in a set: registering
 * the same function again changes nothing.
 */
export function registerRealtimeHandler<T>(type: string, handler: (data: T, context: RealtimeContext) => void): void {
  let forType = handlers.get(type)
  if (!forType) handlers.set(type, (forType = new Set()))
  // The server's frames carry the shapes of the REST answers (checked against one OpenAPI document).
  forType.add(handler as Handler)
}

/** Runs `catchUp` after every (re)connect and `resync`; the same function is kept once. */
export function registerCatchUp(catchUp: CatchUp): void {
  catchUps.add(catchUp)
}

/** Hands one server event to the handlers of its type, as `me` sees it; unknown types are dropped. */
export function routeEvent(queryClient: QueryClient, event: RealtimeEvent, me: string): void {
  for (const handler of handlers.get(event.type) ?? []) handler(event.data, { queryClient, me })
}

/**
 * Every registered catch-up at once. The database is the truth; events only saved the wait, so
 * after a gap each feature refetches (or fills in) what it keeps.
 */
export async function catchUp(queryClient: QueryClient): Promise<void> {
  await Promise.all([...catchUps].map((fill) => fill(queryClient)))
}
