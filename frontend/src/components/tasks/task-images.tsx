import { useState } from 'react'
import { ImageLightbox, type LightboxImage } from '@/components/ui/image-lightbox'
import { fileHref } from '@/lib/files'
import type { Task } from '@/types/tasks'

/** The task's picture and its attachments (uploaded images), once each. */
export function taskImages(task: Pick<Task, 'title' | 'imageUrl' | 'attachments'>): LightboxImage[] {
  const urls = [task.imageUrl, ...(task.attachments ?? []).map((a) => a.url)]
  const unique = [...new Set(urls.map((url) => fileHref(url)).filter((url): url is string => Boolean(url)))]
  return unique.map((src, i) => ({ src, alt: `${task.title}, image ${i + 1}` }))
}

/**
 * Every file of the task, named: its picture (posted as the first image, so without a name of
 * its own) then its attachments, each once.
 */
export function taskFiles(task: Pick<Task, 'imageUrl' | 'attachments'>): Array<{ name: string; href: string }> {
  const files = [{ name: 'Task picture', url: task.imageUrl }, ...(task.attachments ?? [])]
  const seen = new Set<string>()
  const out: Array<{ name: string; href: string }> = []
  for (const file of files) {
    const href = fileHref(file.url)
    if (!href || seen.has(href)) continue
    seen.add(href)
    out.push({ name: file.name || 'Attachment', href })
  }
  return out
}

/** Thumbnails that open the lightbox (previous, next, close, "n / total"). */
export function TaskImages({ task }: { task: Pick<Task, 'title' | 'imageUrl' | 'attachments'> }) {
  const [index, setIndex] = useState<number | null>(null)
  const images = taskImages(task)
  if (images.length === 0) return null
  return (
    <>
      <ul aria-label="Images" className="flex flex-wrap gap-2">
        {images.map((image, i) => (
          <li key={image.src}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Open image ${i + 1} of ${images.length}`}
              className="block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <img src={image.src} alt={image.alt} className="size-20 object-cover" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <ImageLightbox images={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
    </>
  )
}
