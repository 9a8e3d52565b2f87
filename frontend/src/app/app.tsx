import { useState } from 'react'
import { createQueryClient } from '@/lib/react-query'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createAppRouter(queryClient))
  return <AppProvider queryClient={queryClient} router={router} />
}
