// Toast timings from spec §9.
export const TOAST_DURATION_MS = 4000
export const TOAST_SUCCESS_DURATION_MS = 2000
export const TOAST_MAX_VISIBLE = 20

/** Spec §4: after a successful login the app waits this long before going to /dashboard. */
export const LOGIN_REDIRECT_DELAY_MS = 1000
