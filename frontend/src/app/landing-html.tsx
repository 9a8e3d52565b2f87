import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { createQueryClient } from '@/lib/react-query'
import { AppProvider } from './provider'
import { AppRoutes } from './router'

/**
 * The landing page as a visitor's first render shows it (the whole app at `/` without a
 * session), as HTML. The build puts it in the page served for `/` (vite.config.ts), so the hero
 * paints as soon as the HTML and the stylesheet are in, before the entry has arrived; the app's
 * first render replaces it with the same markup
 * (docs/performance.md, "Web app: first load and LCP").
 */
export function renderLandingHtml(): string {
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  )
}
