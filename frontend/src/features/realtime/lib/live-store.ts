import { create } from 'zustand'

/**
 * - `off`: no socket (signed out, or an admin);
 * - `connecting`: the first connection of this session is being set up;
 * - `ready`: authenticated, events flow;
 * - `reconnecting`: the socket was lost and is being set up again (the banner shows).
 */
export type ConnectionStatus = 'off' | 'connecting' | 'ready' | 'reconnecting'

/** How long "is typing…" stays up after the last chat.typing event. */
export const TYPING_VISIBLE_MS = 4000

type LiveState = {
  status: ConnectionStatus
  /** Partner id → when their typing indicator ends (ms since epoch). */
  typingUntil: Record<string, number>
  setStatus: (status: ConnectionStatus) => void
  markTyping: (userId: string, now?: number) => void
  stopTyping: (userId: string) => void
}

/** State of the live connection that is not server data: the connection and who is typing. */
export const useLiveStore = create<LiveState>()((set) => ({
  status: 'off',
  typingUntil: {},
  setStatus: (status) => set({ status }),
  markTyping: (userId, now = Date.now()) =>
    set((state) => ({ typingUntil: { ...state.typingUntil, [userId]: now + TYPING_VISIBLE_MS } })),
  stopTyping: (userId) =>
    set((state) => {
      if (!(userId in state.typingUntil)) return state
      const { [userId]: _, ...rest } = state.typingUntil
      return { typingUntil: rest }
    }),
}))
