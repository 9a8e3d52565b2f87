import type { CardWords } from './components/student-card'

/** What the spec's two directories call things; everything else they share. */
export type DirectoryWords = CardWords & {
  /** The page's heading (and tab title). */
  title: string
  /** The skills filter's button. */
  submitLabel: string
}

/** Spec §2: "Browse Students (startup): skills filter and Filter button. Cards: … View Profile, View Resume." */
export const BROWSE_STUDENTS_WORDS: DirectoryWords = { title: 'Browse Students', submitLabel: 'Filter', view: 'View Profile', resume: 'View Resume' }

/** Spec §2: "A second Students page: … skills filter with Apply, grid of cards with View, Resume, Message". */
export const STUDENTS_WORDS: DirectoryWords = { title: 'Students', submitLabel: 'Apply', view: 'View', resume: 'Resume' }
