/** GET requests the app makes first, by who is signed in; the API client's URLs exactly. */
export const EARLY_REQUESTS: {
  session: string[]
  dashboard: { student: string[]; startup: string[] }
}

/** The dashboard routes and the user type each admits (null: any). */
export const DASHBOARD_ROUTES: Record<string, 'student' | 'startup' | null>

/** The boot script's source, with each user type's dashboard chunk URLs. */
export function bootScript(options: { dashboardChunks: Record<'student' | 'startup', string[]> }): string
