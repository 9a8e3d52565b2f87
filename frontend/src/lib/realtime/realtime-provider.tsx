import { useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'
// The named export of the module itself: the package's CommonJS default export does not survive
// the production bundler's interop (it works in tests, then fails in the built app).
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket'
import { toast } from 'sonner'
import { API_BASE_PATH } from '@/config/env'
import { endSignedOutSession } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth-store'
import { reconnectDelay } from './backoff'
import { ConnectionBanner } from './connection-banner'
import { useLiveStore } from './live-store'
import { catchUp, routeEvent } from './registry'
import { CloseCode, TransportEvent, type RealtimeEvent } from './types'

type Send = (type: string, data: Record<string, string>) => boolean

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
      {live && <LiveSocket key={token} token={token!} me={user!._id} sendRef={sendRef} />}
      {children}
      <ConnectionBanner />
    </RealtimeContext.Provider>
  )
}

const PING = JSON.stringify({ type: 'ping', data: {} })

type LiveSocketProps = { token: string; me: string; sendRef: RefObject<Send> }

function LiveSocket({ token, me, sendRef }: LiveSocketProps) {
  const queryClient = useQueryClient()
  const setStatus = useLiveStore((state) => state.setStatus)
  const ready = useRef(false)
  const mounted = useRef(true)

  const onMessage = useCallback(
    (message: MessageEvent) => {
      let event: RealtimeEvent
      try {
        event = JSON.parse(String(message.data)) as RealtimeEvent
      } catch {
        return
      }
      if (event.type === TransportEvent.ready) {
        ready.current = true
        setStatus('ready')
        void catchUp(queryClient)
      } else if (event.type === TransportEvent.resync) {
        void catchUp(queryClient)
      } else if (event.type !== TransportEvent.pong) {
        routeEvent(queryClient, event, me)
      }
    },
    [me, queryClient, setStatus],
  )

  const { sendJsonMessage } = useWebSocket(socketUrl(), {
    // The JWT never goes in the URL (URLs end up in logs): it is the first frame.
    onOpen: (event) => (event.target as WebSocket).send(JSON.stringify({ type: 'auth', data: { token } })),
    onMessage,
    onClose: (event) => {
      ready.current = false
      if (event.code === CloseCode.sessionEnded) {
        // Signed out elsewhere: this tab follows, to /login with the reason.
        setStatus('off')
        toast.info('You were signed out of this device. Sign in again to continue.', { id: 'session-ended' })
        endSignedOutSession()
        return
      }
      if (event.code === CloseCode.tooManyConnections) {
        // The server keeps the newest tabs; this one stays quiet instead of taking a place back.
        setStatus('off')
        toast.info('Bridgework is open in too many tabs. Live updates stopped here: reload this tab to use it.', {
          id: 'too-many-tabs',
        })
        return
      }
      // A socket closed because this component went away (sign-out) is not coming back.
      if (mounted.current) setStatus('reconnecting')
    },
    shouldReconnect: (event) => event.code !== CloseCode.tooManyConnections && event.code !== CloseCode.sessionEnded,
    reconnectAttempts: Number.MAX_SAFE_INTEGER,
    reconnectInterval: (attempt) => reconnectDelay(attempt),
    // The server pings too; this catches a connection that died without a close (a lost network).
    heartbeat: { message: PING, interval: 25_000, timeout: 60_000 },
    skipAssert: true, // the check rejects WebSocket wrappers such as test interceptors
  })

  useEffect(() => {
    mounted.current = true
    setStatus('connecting')
    return () => {
      mounted.current = false
      setStatus('off')
    }
  }, [setStatus])

  useEffect(() => {
    sendRef.current = (type, data) => {
      if (!ready.current) return false
      sendJsonMessage({ type, data })
      return true
    }
    return () => {
      sendRef.current = () => false
    }
  }, [sendJsonMessage, sendRef])

  return null
}
