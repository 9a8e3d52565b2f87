import { setupServer } from 'msw/node'
import { adminHandlers } from './admin'
import { chatHandlers } from './chat'
import { chatFindHandlers } from './chat-find'
import { givenRatingHandlers } from './given-ratings'
import { handlers } from './handlers'
import { issuerHandlers } from './issuers'
import { marketplaceHandlers } from './marketplace'
import { matchingHandlers } from './matching'
import { paymentHandlers } from './payments'
import { realtimeHandlers } from './realtime'
import { settingsHandlers } from './settings'
import { trustHandlers } from './trust'

// paymentHandlers after marketplaceHandlers, whose first handler records every request.
// chatHandlers last: every signed-in page asks for the conversations (the navigation's unread badge),
// and chatFindHandlers go in front of them.
export const server = setupServer(
  ...handlers,
  ...issuerHandlers,
  ...realtimeHandlers,
  ...marketplaceHandlers(),
  ...matchingHandlers,
  ...paymentHandlers,
  ...trustHandlers,
  ...givenRatingHandlers,
  ...chatFindHandlers,
  ...settingsHandlers,
  ...adminHandlers,
  ...chatHandlers,
)
