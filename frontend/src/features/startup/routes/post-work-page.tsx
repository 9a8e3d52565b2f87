import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { notify } from '@/lib/notify'
import { useFindStudents } from '../api/find-students'
import { usePostTask } from '../api/post-task'
import { uploadFile } from '@/lib/uploads'
import { PostWorkForm } from '../components/post-work-form'
import { DEFAULT_REVISION_ROUNDS, DEFAULT_SEATS, splitSkills, toNumber, type PickedImage, type PostWorkValues } from '../schemas'

/** /startup/post-work: uploads the chosen images, then posts the work and opens My Works. */
export function PostWorkPage() {
  const navigate = useNavigate()
  const postTask = usePostTask()
  const [uploading, setUploading] = useState(false)
  const [searchSkills, setSearchSkills] = useState<string | null>(null)
  const students = useFindStudents(searchSkills)

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
    postTask.mutate(
      {
        title: values.title.trim(),
        description: values.description.trim(),
        workType: values.workType,
        category: values.category,
        skills: splitSkills(values.skills),
        estimatedHours: toNumber(values.estimatedHours),
        deadline: values.deadline,
        budget: { min: toNumber(values.budgetMin), max: toNumber(values.budgetMax) },
        currency: values.currency,
        priority: values.priority,
        // Left blank, the default rounds.
        revisionRounds: values.revisionRounds.trim() ? toNumber(values.revisionRounds) : DEFAULT_REVISION_ROUNDS,
        seats: values.seats.trim() ? toNumber(values.seats) : DEFAULT_SEATS,
        // The first image is the task's picture; the others are its attachments.
        imageUrl: urls[0] ?? '',
        attachments: urls.slice(1).map((url, i) => ({ name: images[i + 1]!.file.name, url })),
        ...(values.assignedStudent ? { assignedStudent: values.assignedStudent } : {}),
      },
      {
        onSuccess: () => {
          notify.success('Work posted!')
          navigate(paths.startup.tasks)
        },
        onError: () => notify.error('Failed to post work'),
      },
    )
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <title>Post New Work · Bridgework</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Post New Work</h1>
        <p className="mt-1 text-slate-600">Describe the work, pick its type, category and skills, and find students.</p>
      </div>
      <PostWorkForm
        onSubmit={(values, images) => void submit(values, images)}
        isSubmitting={uploading || postTask.isPending}
        error={postTask.error}
        onFindStudents={setSearchSkills}
        students={students.data}
        isFindingStudents={students.isFetching}
      />
    </div>
  )
}
