import { setupServer } from 'msw/node'
import { handlers } from './handlers'
import { issuerHandlers } from './issuers'
import { marketplaceHandlers } from './marketplace'
import { realtimeHandlers } from './realtime'

export const server = setupServer(...handlers, ...issuerHandlers, ...realtimeHandlers, ...marketplaceHandlers())
