import { z } from '@/lib/zod'
import { DEFAULT_CURRENCY } from '@/lib/tasks/pay'

// Post New Work rules (spec §5) with the same texts the server answers.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** Skills are entered comma separated: split, trimmed, blanks dropped (spec §5). */
export function splitSkills(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Spec §5: budget and hours are converted to numbers, blank meaning 0. */
export function toNumber(value: string): number {
  const n = Number(value.trim() || 0)
  return Number.isFinite(n) ? n : Number.NaN
}

/**
 * DESIGN.md §3, revision rounds: how many times a startup may ask for changes on one submission.
 */
export const DEFAULT_REVISION_ROUNDS = 3
export const REVISION_ROUNDS_INVALID = 'Revision rounds must be a whole number from 0 to 10'
const isRevisionRounds = (n: number) => Number.isInteger(n) && n >= 0 && n <= 10

/** How many approved submissions a task pays, each within the budget (backend/tasks, MaxSeats). */
export const DEFAULT_SEATS = 1
export const SEATS_INVALID = 'Paid places must be a whole number from 1 to 50'
const isSeats = (n: number) => Number.isInteger(n) && n >= 1 && n <= 50

export const DEADLINE_PAST = 'Deadline cannot be in the past'
export const CURRENCY_INVALID = 'Currency must be a three-letter ISO 4217 code'

/** Today in the viewer's own time zone as YYYY-MM-DD: the earliest deadline the picker offers. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export const postWorkSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
    description: z.string().trim().min(1, 'Description is required').max(5000, 'Description must be at most 5000 characters'),
    workType: z.string().min(1, 'Work type is required'),
    category: z.string().min(1, 'Category is required'),
    skills: z.string().refine((value) => splitSkills(value).length > 0, 'Skills are required'),
    estimatedHours: z.string().refine((value) => toNumber(value) >= 1, 'Estimated hours must be at least 1'),
    // YYYY-MM-DD strings order as their dates do.
    deadline: z
      .string()
      .min(1, 'Deadline is required')
      .refine((value) => value >= todayLocal(), DEADLINE_PAST),
    budgetMin: z.string().refine((value) => toNumber(value) >= 0, 'Budget must be between 0 and 1000000000'),
    budgetMax: z.string().refine((value) => toNumber(value) >= 0, 'Budget must be between 0 and 1000000000'),
    currency: z.string().regex(/^[A-Z]{3}$/, CURRENCY_INVALID),
    priority: z.string(),
    assignedStudent: z.string(),
    revisionRounds: z.string().refine((value) => isRevisionRounds(toNumber(value)), REVISION_ROUNDS_INVALID),
    // Blank is the default, one place, as blank rounds are the default rounds.
    seats: z.string().refine((value) => !value.trim() || isSeats(toNumber(value)), SEATS_INVALID),
  })
  .refine((v) => !toNumber(v.budgetMax) || toNumber(v.budgetMax) >= toNumber(v.budgetMin), {
    path: ['budgetMax'],
    message: 'Budget max must be at least budget min',
  })

export type PostWorkValues = z.infer<typeof postWorkSchema>

export const postWorkDefaults: PostWorkValues = {
  title: '',
  description: '',
  workType: '',
  category: '',
  skills: '',
  estimatedHours: '',
  deadline: '',
  budgetMin: '',
  budgetMax: '',
  currency: DEFAULT_CURRENCY,
  priority: 'medium',
  assignedStudent: '',
  revisionRounds: String(DEFAULT_REVISION_ROUNDS),
  seats: String(DEFAULT_SEATS),
}

/** An image the startup picked, with its local preview. */
export type PickedImage = { file: File; preview: string }

/** Spec §5: image files only; the server also checks the content and the 5 MB limit. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files can be uploaded'
  if (file.size > MAX_IMAGE_BYTES) return 'Each image must be less than 5MB'
  return null
}
