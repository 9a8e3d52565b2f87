import { setupServer } from 'msw/node'
import { handlers } from './handlers'
import { marketplaceHandlers } from './marketplace'
import { realtimeHandlers } from './realtime'

export const server = setupServer(...handlers, ...realtimeHandlers, ...marketplaceHandlers())
