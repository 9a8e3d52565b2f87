import { create } from 'zustand'

/**
 * - `off`: no socket (signed out, or an admin);
 * - `connecting`: the first connection of this session is being set up;
 * - `ready`: authenticated, events flow;
 * - `reconnecting`: the socket was lost and is being set up again (the banner shows).
 */
export type ConnectionStatus = 'off' | 'connecting' | 'ready' | 'reconnecting'

type LiveState = {
  status: ConnectionStatus
  setStatus: (status: ConnectionStatus) => void
}

/** The state of the live connection, for the banner and for tests waiting until it is ready. */
export const useLiveStore = create<LiveState>()((set) => ({
  status: 'off',
  setStatus: (status) => set({ status }),
}))
