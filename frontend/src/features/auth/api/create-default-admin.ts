import { api } from '@/lib/api-client'
import type { components } from '@/types/api.gen'

export type CreateDefaultAdminInput = components['schemas']['Credentials']

/**
 * POST /api/admin/create-default-admin. Only used by the login fallback (spec §6); the server
 * answers 403 unless no admin exists and the pair equals its bootstrap credentials.
 */
export function createDefaultAdmin(input: CreateDefaultAdminInput): Promise<unknown> {
  return api.post('/admin/create-default-admin', input)
}
