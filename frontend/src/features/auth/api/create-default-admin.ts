import { api } from '@/lib/api-client'

export type CreateDefaultAdminInput = { email: string; password: string }

/**
 * POST /api/admin/create-default-admin. Only used by the login fallback (spec §6); the server
 * answers 403 unless no admin exists and the pair equals its bootstrap credentials.
 */
export function createDefaultAdmin(input: CreateDefaultAdminInput): Promise<unknown> {
  return api.post('/admin/create-default-admin', input)
}
