import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
// The named export of the module itself: the package's CommonJS default export does not survive
// the production bundler's interop (it works in tests, then fails in the built app).
import { useWebSocket } from 'react-use-websocket/dist/lib/use-websocket'
import { endSignedOutSession } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { reconnectDelay } from './backoff'
import { useLiveStore } from './live-store'
import type { Send } from './realtime-provider'
import { catchUp, routeEvent } from './registry'
import { CloseCode, TransportEvent, type RealtimeEvent } from './types'

const PING = JSON.stringify({ type: 'ping', data: {} })

type LiveSocketProps = { url: string; token: string; me: string; sendRef: RefObject<Send> }

/**
 * The socket itself, a module of its own: RealtimeProvider asks for it (and the websocket
 * library) as the app first renders, so the first paint does not wait for them.
 */
export default function LiveSocket({ url, token, me, sendRef }: LiveSocketProps) {
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

  const { sendJsonMessage } = useWebSocket(url, {
    // The JWT never goes in the URL (URLs end up in logs): it is the first frame.
    onOpen: (event) => (event.target as WebSocket).send(JSON.stringify({ type: 'auth', data: { token } })),
    onMessage,
    onClose: (event) => {
      ready.current = false
      if (event.code === CloseCode.sessionEnded) {
        // Signed out elsewhere: this tab follows, to /login with the reason.
        setStatus('off')
        notify.notice('You were signed out of this device. Sign in again to continue.', { id: 'session-ended' })
        endSignedOutSession()
        return
      }
      if (event.code === CloseCode.tooManyConnections) {
        // The server keeps the newest tabs; this one stays quiet instead of taking a place back.
        setStatus('off')
        notify.notice('Bridgework is open in too many tabs. Live updates stopped here: reload this tab to use it.', {
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
