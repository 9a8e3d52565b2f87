/**
 * Delay before reconnect attempt `attempt` (0 for the first): exponential from 500 ms, capped at
 * 15 s, with "equal jitter" (half fixed, half random) so that the clients of an instance that
 * went away do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(15_000, 500 * 2 ** Math.min(attempt, 10))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
