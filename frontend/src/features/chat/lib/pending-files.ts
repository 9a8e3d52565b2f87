import { useRef, useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { MAX_UPLOAD_BYTES } from '@/lib/files'
import { notify } from '@/lib/notify'
import { uploadChatFile, type ChatUpload } from '@/lib/uploads'
import { MAX_ATTACHMENTS } from './attachments'

/** A file picked in the composer: uploading, then stored and ready to send. */
export type PendingFile = { key: number; name: string; upload: ChatUpload | null }

/**
 * The composer's files. Each is uploaded as soon as it is picked (POST /api/uploads/chat); a
 * refusal (type, size, quota) is the server's message in a toast and the file is dropped.
 */
export function usePendingFiles() {
  const [files, setFiles] = useState<PendingFile[]>([])
  const nextKey = useRef(0)

  const add = (picked: File[]) => {
    const room = MAX_ATTACHMENTS - files.length
    if (picked.length > room) notify.error(`At most ${MAX_ATTACHMENTS} files per message`)
    for (const file of picked.slice(0, Math.max(room, 0))) {
      if (file.size > MAX_UPLOAD_BYTES) {
        notify.error(`${file.name}: File size must be less than 5MB`)
        continue
      }
      nextKey.current += 1
      const key = nextKey.current
      setFiles((list) => [...list, { key, name: file.name, upload: null }])
      uploadChatFile(file).then(
        (upload) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, upload } : f))),
        (error: unknown) => {
          setFiles((list) => list.filter((f) => f.key !== key))
          notify.error(errorMessage(error, `${file.name} could not be uploaded`))
        },
      )
    }
  }
  const remove = (key: number) => setFiles((list) => list.filter((f) => f.key !== key))
  const clear = () => setFiles([])

  // The name is the client's label (the server shows the name it stored).
  const ready = files.flatMap((f) => (f.upload ? [{ url: f.upload.url, name: f.name }] : []))
  return { files, add, remove, clear, ready, isUploading: files.some((f) => !f.upload) }
}
