import { ImagePlus, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { FieldError } from '@/components/ui/input'
import { imageProblem, type PickedImage } from '../schemas'

type ImagePickerProps = { images: PickedImage[]; onChange: (images: PickedImage[]) => void }

/** Optional images for the task, with previews and a remove button each (spec §2, §5). */
export function ImagePicker({ images, onChange }: ImagePickerProps) {
  const id = useId()
  const [problem, setProblem] = useState<string>()
  // Previews are object URLs: released when removed, and all of them when the form goes away.
  const created = useRef<string[]>([])
  useEffect(() => () => created.current.forEach((url) => URL.revokeObjectURL(url)), [])

  const add = (files: FileList | null) => {
    const picked: PickedImage[] = []
    let firstProblem: string | undefined
    for (const file of Array.from(files ?? [])) {
      const reason = imageProblem(file)
      if (reason) firstProblem ??= reason
      else {
        const preview = URL.createObjectURL(file)
        created.current.push(preview)
        picked.push({ file, preview })
      }
    }
    setProblem(firstProblem)
    if (picked.length > 0) onChange([...images, ...picked])
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Images <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-indigo-600"
      >
        <ImagePlus className="size-5" aria-hidden="true" />
        Choose images
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => {
            add(event.target.files)
            event.target.value = ''
          }}
        />
      </label>
      <FieldError id={`${id}-error`} message={problem} />
      {images.length > 0 && (
        <ul aria-label="Chosen images" className="flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={image.preview} className="relative">
              <img src={image.preview} alt={`Preview of ${image.file.name}`} className="size-20 rounded-lg border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() => {
                  URL.revokeObjectURL(image.preview)
                  onChange(images.filter((_, j) => j !== i))
                }}
                aria-label={`Remove ${image.file.name}`}
                className="absolute -right-2 -top-2 rounded-full bg-white p-0.5 text-slate-600 shadow ring-1 ring-slate-200 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
