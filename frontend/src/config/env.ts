/** Prefix of every REST call and of the websocket (`/api/ws`). Same origin as the SPA. */
export const API_BASE_PATH = '/api'

/**
 * The bootstrap admin the login form falls back to (spec §6): when signing in with this email
 * fails, the client asks the server to create the default admin and retries once. The server
 * only does so when no admin exists and the pair matches its configured credentials.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@bridgework.local'
