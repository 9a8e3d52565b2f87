import { useCallback, useEffect, useRef, useState } from 'react'
import { create } from 'zustand'
import { useRealtimeSend } from '@/lib/realtime/realtime-provider'

/** How long "is typing…" stays up after the last chat.typing event. */
const TYPING_VISIBLE_MS = 4000

type TypingState = {
  /** Partner id → when their typing indicator ends (ms since epoch). */
  typingUntil: Record<string, number>
  markTyping: (userId: string, now?: number) => void
  stopTyping: (userId: string) => void
}

/** Who is typing to me: chat.typing events set it, their messages clear it. */
export const useTypingStore = create<TypingState>()((set) => ({
  typingUntil: {},
  markTyping: (userId, now = Date.now()) => set((state) => ({ typingUntil: { ...state.typingUntil, [userId]: now + TYPING_VISIBLE_MS } })),
  stopTyping: (userId) =>
    set((state) => {
      if (!(userId in state.typingUntil)) return state
      const { [userId]: _, ...rest } = state.typingUntil
      return { typingUntil: rest }
    }),
}))

/** Whether `userId` is typing to me right now; turns false by itself when their typing stops. */
export function useIsTyping(userId: string | undefined): boolean {
  const until = useTypingStore((state) => (userId ? state.typingUntil[userId] : undefined))
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
const TYPING_SEND_INTERVAL_MS = 1500

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
