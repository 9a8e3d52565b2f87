import { useCallback, useEffect, useRef, useState } from 'react'
import { useRealtimeSend } from './components/realtime-provider'
import { useLiveStore } from './lib/live-store'

/** Whether `userId` is typing to me right now; turns false by itself when their typing stops. */
export function useIsTyping(userId: string | undefined): boolean {
  const until = useLiveStore((state) => (userId ? state.typingUntil[userId] : undefined))
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!until) return
    const left = until - Date.now()
    if (left <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), left + 10)
    return () => clearTimeout(timer)
  }, [until])
  return Boolean(until && until > Math.max(now, Date.now()))
}

/** How often, at most, a composer tells its partner "typing". */
export const TYPING_SEND_INTERVAL_MS = 1500

/** A function to call on every keystroke: it sends "typing" to `partnerId` at most every 1.5 s. */
export function useSendTyping(partnerId: string | undefined): () => void {
  const send = useRealtimeSend()
  const lastSent = useRef(0)
  return useCallback(() => {
    const now = Date.now()
    if (!partnerId || now - lastSent.current < TYPING_SEND_INTERVAL_MS) return
    if (send('typing', { userId: partnerId })) lastSent.current = now
  }, [partnerId, send])
}

/** Whether the live connection is up (events arrive as they happen). */
export function useIsLive(): boolean {
  return useLiveStore((state) => state.status === 'ready')
}
