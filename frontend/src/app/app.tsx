import { useState } from 'react'
import { BrowserRouter } from 'react-router'
import { createQueryClient } from '@/lib/react-query'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

export function App() {
  const [queryClient] = useState(createQueryClient)
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  )
}
