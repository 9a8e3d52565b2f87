import { createContext, lazy, Suspense, useContext, useMemo, useRef, type ReactNode } from 'react'
import { API_BASE_PATH } from '@/config/env'
import { useAuthStore } from '@/lib/auth-store'
import { ConnectionBanner } from './connection-banner'

export type Send = (type: string, data: Record<string, string>) => boolean

// The socket and its library (~5.5 KB gzip) are not needed for the first paint: their chunk is
// asked for as the app first renders, and the socket connects once it is in.
const LiveSocket = lazy(() => import('./live-socket'))

const RealtimeContext = createContext<{ send: Send }>({ send: () => false })

/** Sends a frame on the shared socket; false when it is not connected (the frame is dropped). */
export function useRealtimeSend(): Send {
  return useContext(RealtimeContext).send
}

/** ws(s)://<this host>/api/ws: same origin as the app, so the server's Origin check passes. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${API_BASE_PATH}/ws`
}

/**
 * The app's one websocket, open while a student or a startup is signed in. Its events go to the
 * handlers features registered (registry.ts); after every (re)connect and on `resync` their
 * catch-ups fetch what the socket may have missed. A banner says so while the connection is being
 * rebuilt.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token)
  const user = useAuthStore((state) => state.user)
  const live = Boolean(token && user && (user.userType === 'student' || user.userType === 'startup'))
  const sendRef = useRef<Send>(() => false)
  const value = useMemo(() => ({ send: ((type, data) => sendRef.current(type, data)) as Send }), [])

  return (
    <RealtimeContext.Provider value={value}>
      {/* A new token means a new session: a fresh socket authenticates with it. */}
      {live && (
        <Suspense fallback={null}>
          <LiveSocket key={token} url={socketUrl()} token={token!} me={user!._id} sendRef={sendRef} />
        </Suspense>
      )}
      {children}
      <ConnectionBanner />
    </RealtimeContext.Provider>
  )
}
