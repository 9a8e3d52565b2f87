import { useEffect, useState } from 'react'

const key = (userId: string) => `bridgework:welcomed:${userId}`

function welcomedBefore(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null
  } catch {
    return true // storage refused (private mode): say Welcome back rather than Welcome every time
  }
}

/**
 * "Welcome" on a user's first dashboard visit in this browser, "Welcome back" after
 * (docs/marketplace.md, "A first week"). The answer holds for the whole visit; the flag is stored
 * once the greeting was shown.
 */
export function useWelcome(userId: string | undefined): 'Welcome' | 'Welcome back' {
  const [firstVisit] = useState(() => (userId ? !welcomedBefore(userId) : false))
  useEffect(() => {
    if (!userId) return
    try {
      localStorage.setItem(key(userId), new Date().toISOString())
    } catch {
      // nothing to remember it in
    }
  }, [userId])
  return firstVisit ? 'Welcome' : 'Welcome back'
}
