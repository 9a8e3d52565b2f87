import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryState } from '@/components/ui/query-state'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { notify } from '@/lib/notify'
import { uploadFile } from '@/lib/uploads'
import type { Task } from '@/types/tasks'
import { useEditTask, type EditTaskInput } from '../api/edit-task'
import { useFindStudents, type DraftMatch } from '../api/find-students'
import { useStartupTask } from '../api/get-task'
import { usePostTask } from '../api/post-task'
import { useRepostTask } from '../api/repost-task'
import { PostWorkForm } from '../components/post-work-form'
import { DEFAULT_REVISION_ROUNDS, DEFAULT_SEATS, splitSkills, toNumber, type PickedImage, type PostWorkValues } from '../schemas'

type Mode = 'post' | 'edit' | 'repost'

const headings: Record<Mode, { title: string; lead: string; submit?: string; done: string; failed: string }> = {
  post: {
    title: 'Post New Work',
    lead: 'Describe the work, pick its type, category and skills, and find students.',
    done: 'Work posted!',
    failed: 'Failed to post work',
  },
  edit: {
    title: 'Edit Work',
    lead: 'Students who submitted see your changes at once.',
    submit: 'Save Changes',
    done: 'Changes saved',
    failed: 'Failed to save changes',
  },
  repost: {
    title: 'Repost Work',
    lead: 'The same work as a new open task: pick its new deadline.',
    submit: 'Repost Work',
    done: 'Work reposted!',
    failed: 'Failed to repost work',
  },
}

/** The form filled from a task; a repost's deadline is left for the startup to pick (the old one has usually passed). */
export function valuesOf(task: Task, mode: Mode): PostWorkValues {
  return {
    title: task.title,
    description: task.description,
    workType: task.workType,
    category: task.category,
    skills: task.skills.join(', '),
    estimatedHours: String(task.estimatedHours),
    deadline: mode === 'edit' ? task.deadline.slice(0, 10) : '',
    budgetMin: String(task.budget.min),
    budgetMax: String(task.budget.max),
    currency: task.currency,
    priority: task.priority || 'medium',
    assignedStudent: '',
    revisionRounds: String(task.revisionRounds ?? DEFAULT_REVISION_ROUNDS),
    seats: String(task.seats),
  }
}

/**
 * /startup/post-work: uploads the chosen images, then posts the work and opens My Works. With
 * ?edit={id} it changes that task, with ?repost={id} it posts that ended task again; both open
 * the form filled from it and then the task's page.
 */
export function PostWorkPage() {
  const [params] = useSearchParams()
  const sourceId = params.get('edit') ?? params.get('repost') ?? ''
  const mode: Mode = params.get('edit') ? 'edit' : params.get('repost') ? 'repost' : 'post'
  const source = useStartupTask(sourceId, { enabled: mode !== 'post' })
  const navigate = useNavigate()
  const postTask = usePostTask()
  const editTask = useEditTask()
  const repostTask = useRepostTask()
  const saving = { post: postTask, edit: editTask, repost: repostTask }[mode]
  const [uploading, setUploading] = useState(false)
  const [draft, setDraft] = useState<DraftMatch | null>(null)
  const students = useFindStudents(draft)
  const words = headings[mode]

  const submit = async (values: PostWorkValues, images: PickedImage[]) => {
    let urls: string[]
    setUploading(true)
    try {
      urls = []
      for (const image of images) urls.push(await uploadFile('task-image', image.file))
    } catch {
      notify.error('Failed to upload image')
      return
    } finally {
      setUploading(false)
    }
    const form: EditTaskInput = {
      title: values.title.trim(),
      description: values.description.trim(),
      workType: values.workType,
      category: values.category,
      skills: splitSkills(values.skills),
      estimatedHours: toNumber(values.estimatedHours),
      deadline: values.deadline,
      budget: { min: toNumber(values.budgetMin), max: toNumber(values.budgetMax) },
      priority: values.priority,
      // The first image is the task's picture; the others are its attachments. A task changed
      // or posted again keeps its own unless new ones are picked.
      imageUrl: urls[0] ?? '',
      attachments: urls.slice(1).map((url, i) => ({ name: images[i + 1]!.file.name, url })),
    }
    if (mode !== 'post' && images.length === 0 && source.data) {
      form.imageUrl = source.data.imageUrl
      form.attachments = source.data.attachments
    }
    const done = {
      onSuccess: (task: Task) => {
        notify.success(words.done)
        navigate(mode === 'post' ? paths.startup.tasks : paths.startup.task(task._id))
      },
      onError: (error: unknown) => notify.error(mode === 'post' ? words.failed : errorMessage(error, words.failed)),
    }
    if (mode === 'edit') editTask.mutate({ id: sourceId, input: form }, done)
    else if (mode === 'repost') repostTask.mutate({ id: sourceId, input: form }, done)
    else
      postTask.mutate(
        {
          ...form,
          currency: values.currency,
          // Left blank, the default rounds.
          revisionRounds: values.revisionRounds.trim() ? toNumber(values.revisionRounds) : DEFAULT_REVISION_ROUNDS,
          seats: values.seats.trim() ? toNumber(values.seats) : DEFAULT_SEATS,
          ...(values.assignedStudent ? { assignedStudent: values.assignedStudent } : {}),
        },
        done,
      )
  }

  const form = (task?: Task) => (
    <PostWorkForm
      onSubmit={(values, images) => void submit(values, images)}
      isSubmitting={uploading || saving.isPending}
      error={saving.error}
      onFindStudents={setDraft}
      students={students.data}
      isFindingStudents={students.isFetching}
      {...(task && {
        defaultValues: valuesOf(task, mode),
        fixedTerms: true,
        keptImages: (task.imageUrl ? 1 : 0) + task.attachments.length,
        submitLabel: words.submit,
        formLabel: words.title,
      })}
    />
  )

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <title>{`${words.title} · Bridgework`}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{words.title}</h1>
        <p className="mt-1 text-slate-600">{words.lead}</p>
      </div>
      {mode === 'post' ? (
        form()
      ) : (
        <QueryState query={source} loadingLabel="Loading the task" error="Task not found.">
          {(task) => form(task)}
        </QueryState>
      )}
    </div>
  )
}
