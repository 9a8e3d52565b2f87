// Shapes shared with the Go backend, generated from its OpenAPI document (api.gen.ts, made by
// scripts/api-types.sh from /api/openapi.json). Feature-specific response types live beside the
// request that returns them.
import type { components } from './api.gen'

type Schemas = components['schemas']

export type User = Schemas['User']

export type UserType = User['userType']

export type Skill = Schemas['Skill']

export type SkillLevel = Skill['level']

export type Experience = Schemas['Experience']

export type Project = Schemas['Project']

/** What /api/login and /api/register answer. */
export type AuthResponse = Schemas['Session']

/** The one error body every endpoint uses; read defensively, since a proxy may answer instead. */
export type ApiErrorBody = Partial<Schemas['Error']>

/** A student's verified work on Bridgework (approved tasks, certificates, verified skills). */
export type TrackRecord = Schemas['TrackRecord']
