import { setupServer } from 'msw/node'
import { adminHandlers } from './admin'
import { chatFindHandlers } from './chat-find'
import { givenRatingHandlers } from './given-ratings'
import { handlers } from './handlers'
import { issuerHandlers } from './issuers'
import { marketplaceHandlers } from './marketplace'
import { realtimeHandlers } from './realtime'
import { settingsHandlers } from './settings'
import { trustHandlers } from './trust'

export const server = setupServer(...handlers, ...issuerHandlers, ...realtimeHandlers, ...marketplaceHandlers(), ...trustHandlers, ...givenRatingHandlers, ...chatFindHandlers, ...settingsHandlers, ...adminHandlers)
