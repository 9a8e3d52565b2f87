// Spec §5: work types and their categories, exactly as the server checks them.

export const WORK_TYPES = ['technical', 'non-technical'] as const
export type WorkType = (typeof WORK_TYPES)[number]

export const CATEGORIES: Record<WorkType, readonly string[]> = {
  technical: [
    'development',
    'design',
    'data-analysis',
    'testing',
    'devops',
    'mobile-development',
    'web-development',
    'ai-ml',
    'cybersecurity',
    'database',
    'api-development',
    'cloud-computing',
  ],
  'non-technical': [
    'marketing',
    'research',
    'writing',
    'content-creation',
    'social-media',
    'business-development',
    'sales',
    'customer-support',
    'project-management',
    'hr-recruitment',
    'finance-accounting',
    'legal',
    'operations',
    'event-management',
    'translation',
    'other',
  ],
}

export const ALL_CATEGORIES = [...CATEGORIES.technical, ...CATEGORIES['non-technical']]

export const PRIORITIES = ['low', 'medium', 'high'] as const

/** "web-development" → "Web Development", "ai-ml" → "AI/ML". */
export function labelOf(value: string): string {
  if (value === 'ai-ml') return 'AI/ML'
  if (value === 'hr-recruitment') return 'HR & Recruitment'
  if (value === 'finance-accounting') return 'Finance & Accounting'
  return value
    .split('-')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ')
}

/** Spec §9 sizes. */
export const TASKS_PER_PAGE = 12
export const DASHBOARD_SKILLS = 2
export const TASK_PAGE_SKILLS = 3
