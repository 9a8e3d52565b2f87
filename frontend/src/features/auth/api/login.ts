import { useMutation } from '@tanstack/react-query'
import { DEFAULT_ADMIN_EMAIL } from '@/config/env'
import { api } from '@/lib/api-client'
import type { AuthResponse } from '@/types/api'
import type { components } from '@/types/api.gen'
import { createDefaultAdmin } from './create-default-admin'

export type LoginInput = components['schemas']['Credentials']

/** POST /api/login → {token, user}; 401 "Invalid email or password". */
export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/login', input)
}

/**
 * Login with the spec §6 fallback: when signing in as the default admin fails, ask the server to
 * create that admin (its errors are ignored) and try once more.
 */
export async function loginWithAdminFallback(input: LoginInput): Promise<AuthResponse> {
  try {
    return await login(input)
  } catch (error) {
    if (input.email.trim().toLowerCase() !== DEFAULT_ADMIN_EMAIL) throw error
    await createDefaultAdmin(input).catch(() => undefined)
    return login(input)
  }
}

export function useLogin(options: { onSuccess?: (auth: AuthResponse, input: LoginInput) => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: loginWithAdminFallback,
    onSuccess: (auth, input) => options.onSuccess?.(auth, input),
    onError: (error) => options.onError?.(error),
  })
}
