// The marketplace's shared pieces: other features (the dashboards, My Works, certificates) build
// their screens from these.
export type { Person, Submission, SubmissionRow, SubmissionStatus, Task, TaskQuery } from './api/types'
export { useStartupTasks } from './api/get-startup-tasks'
export { useStartupTaskCounts, type TabCounts } from './api/get-startup-task-counts'
export { useSubmitLink } from './api/submit-link'
export { CATEGORIES, DASHBOARD_SKILLS, labelOf, PRIORITIES, TASK_PAGE_SKILLS, WORK_TYPES, type WorkType } from './lib/constants'
export { formatDate, personName, statusLabel, statusTone, submissionStatusOf } from './lib/status'
export { LinkSubmitForm } from './components/link-submit-form'
export { SkillList } from './components/skill-list'
export { TaskImages, taskImages } from './components/task-images'
export { TaskStatusBadge } from './components/task-status-badge'
export { TaskCard } from './components/task-card'
