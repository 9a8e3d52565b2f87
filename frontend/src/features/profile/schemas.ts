import { z } from '@/lib/zod'
import { hasCharactersNoUrlHolds, MAX_UPLOAD_BYTES, webHref } from '@/lib/files'
import type { SkillLevel, User } from '@/types/api'
import type { StudentProfileInput } from './api/save-student-profile'
import type { StartupProfileInput } from './api/update-startup-profile'

// Texts from spec §5 and §8, and the server's own (docs/api-contract.md).
export const RESUME_WRONG_TYPE = 'Please upload a PDF or Word document'
export const RESUME_TOO_LARGE = 'File size must be less than 5MB'
export const IMAGE_WRONG_TYPE = 'Please upload a PNG, JPEG, GIF or WebP image'
export const IMAGE_TOO_LARGE = 'Image size must be less than 5MB'
export const IMAGE_UPLOAD_FAILED = 'Failed to upload image'
export const RESUME_UPLOAD_FAILED = 'Failed to upload resume'
export const PROFILE_CREATED = 'Profile created!'
export const PROFILE_UPDATED = 'Profile updated!'
export const PROFILE_CREATE_FAILED = 'Failed to create profile'
export const PROFILE_UPDATE_FAILED = 'Update failed'
export const PROFILE_LOAD_FAILED = 'Failed to load profile'
export const DISCOVERABLE_LABEL = "Show me in startups' search and matches"
export const ACCEPTS_INVITATIONS_LABEL = 'Let startups invite me to tasks'

export const SKILL_LEVELS: SkillLevel[] = ['beginner', 'intermediate', 'advanced', 'expert']

const RESUME_EXTENSIONS = /\.(pdf|doc|docx)$/i
const RESUME_TYPES = ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** Spec §5: a résumé is a PDF or Word document under 5 MB. The server checks the content too. */
export function resumeFileError(file: File): string | null {
  if (!RESUME_TYPES.includes(file.type) && !RESUME_EXTENSIONS.test(file.name)) return RESUME_WRONG_TYPE
  if (file.size > MAX_UPLOAD_BYTES) return RESUME_TOO_LARGE
  return null
}

export function imageFileError(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return IMAGE_WRONG_TYPE
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE
  return null
}

function name(label: string) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .min(2, `${label} must be at least 2 characters`)
    .max(50, `${label} must be at most 50 characters`)
}

const optionalPhone = z
  .string()
  .trim()
  .refine((v) => !v || /^\+?\d{10,15}$/.test(v.replace(/[\s\-.()]/g, '')), 'Please enter a valid phone number.')

export const studentProfileSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  headline: z.string().max(200, 'Headline must be at most 200 characters'),
  bio: z.string().max(2000, 'Bio must be at most 2000 characters'),
  phone: optionalPhone,
  college: z.string().max(200, 'College must be at most 200 characters'),
  collegeEmail: z
    .string()
    .trim()
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Invalid email address'),
  profilePicture: z.string(),
  resume: z.string(),
  skills: z.array(z.object({ name: z.string().max(100, 'Skill names must be at most 100 characters'), level: z.enum(SKILL_LEVELS) })),
  experience: z.array(
    z.object({
      title: z.string().max(200),
      company: z.string().max(200),
      description: z.string().max(2000, 'Description must be at most 2000 characters'),
      startDate: z.string(),
      endDate: z.string(),
      isCurrent: z.boolean(),
    }),
  ),
  projects: z.array(
    z.object({
      title: z.string().max(200),
      description: z.string().max(2000, 'Description must be at most 2000 characters'),
      technologies: z.string(),
      link: z
        .string()
        .trim()
        .refine((v) => !v || (webHref(v) !== null && !hasCharactersNoUrlHolds(v)), 'Link must be a URL starting with http:// or https://'),
    }),
  ),
  discoverable: z.boolean(),
  acceptsInvitations: z.boolean(),
})

export type StudentProfileValues = z.infer<typeof studentProfileSchema>

/** The form's starting values: the stored profile, or what registration already knows. */
export function studentFormValues(user: User): StudentProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    headline: user.headline ?? '',
    bio: user.bio ?? '',
    phone: user.phone ?? '',
    college: user.college ?? '',
    collegeEmail: user.collegeEmail ?? '',
    profilePicture: user.profilePicture ?? '',
    resume: user.resume ?? '',
    skills: (user.skills ?? []).map((s) => ({ name: s.name, level: s.level ?? 'beginner' })),
    experience: (user.experience ?? []).map((e) => ({
      title: e.title,
      company: e.company,
      description: e.description ?? '',
      startDate: e.startDate ?? '',
      endDate: e.endDate ?? '',
      isCurrent: Boolean(e.isCurrent),
    })),
    projects: (user.projects ?? []).map((p) => ({
      title: p.title,
      description: p.description ?? '',
      technologies: (p.technologies ?? []).join(', '),
      link: p.link ?? '',
    })),
    // Both on until the student turns them off (docs/matching.md).
    discoverable: user.discoverable ?? true,
    acceptsInvitations: user.acceptsInvitations ?? true,
  }
}

/**
 * Spec §5's dropping rules, applied before sending (the server applies them too): skills
 * without a name, experience without a title and a company, projects without a title.
 * Technologies are entered comma separated.
 */
export function toStudentProfileInput(values: StudentProfileValues): StudentProfileInput {
  return {
    ...values,
    skills: values.skills.filter((s) => s.name.trim()),
    experience: values.experience.filter((e) => e.title.trim() && e.company.trim()).map((e) => ({ ...e, endDate: e.isCurrent ? '' : e.endDate })),
    projects: values.projects
      .filter((p) => p.title.trim())
      .map((p) => ({
        ...p,
        technologies: p.technologies
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      })),
  }
}

export const startupProfileSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, 'Company name is required')
    .min(2, 'Company name must be at least 2 characters')
    .max(100, 'Company name must be at most 100 characters'),
  industry: z.string().trim().min(1, 'Industry is required').max(100, 'Industry must be at most 100 characters'),
  companyDescription: z.string().max(2000, 'Company description must be at most 2000 characters'),
  companySize: z.string().max(50),
  profilePicture: z.string(),
  website: z
    .string()
    .trim()
    .max(300, 'Website must be at most 300 characters')
    .refine((value) => value === '' || siteDomain(value) !== '', 'Please enter a valid URL, such as https://nimbus.io'),
})

export type StartupProfileValues = z.infer<typeof startupProfileSchema>

export function startupFormValues(user: User): StartupProfileInput {
  return {
    companyName: user.companyName ?? '',
    industry: user.industry ?? '',
    companyDescription: user.companyDescription ?? '',
    companySize: user.companySize ?? '',
    profilePicture: user.profilePicture ?? '',
    website: user.website ?? '',
  }
}

/**
 * The domain a website names: the host, lower-case, without "www."; "" when there is none.
 * "nimbus.io" alone counts as https://nimbus.io. The server names the registrable domain by the
 * Public Suffix List (backend/issuers.CheckWebsite), which is this for a site at its own domain
 * (nimbus.io, www.nimbus.io), and refuses what the list says names no company (co.uk, github.io).
 */
export function siteDomain(website: string): string {
  const value = website.trim()
  if (!value || hasCharactersNoUrlHolds(value)) return ''
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    const host = url.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '')
    return host.includes('.') && !host.startsWith('[') ? host : ''
  } catch {
    return ''
  }
}

export const VERIFY_EMAIL_REQUIRED = 'Enter your work email address'

/**
 * "Verify your company": a work address at the company domain itself, not at a subdomain of it.
 * For a site at a subdomain (labs.nimbus.io) the company domain is a parent the server picks by
 * the Public Suffix List, so an address at a parent of the site's domain is left to the server.
 */
export function companyVerificationSchema(domain: string) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, VERIFY_EMAIL_REQUIRED)
      .regex(/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i, 'Invalid email address')
      .superRefine((email, ctx) => {
        const at = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
        if (at.endsWith(`.${domain}`)) {
          ctx.addIssue({ code: 'custom', message: `Use an address at ${domain} itself: an address at ${at} does not prove you own ${domain}.` })
        } else if (at !== domain && !domain.endsWith(`.${at}`)) {
          ctx.addIssue({ code: 'custom', message: `The address must be at ${domain}, your website's domain.` })
        }
      }),
  })
}

export type CompanyVerificationValues = z.infer<ReturnType<typeof companyVerificationSchema>>

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+']
