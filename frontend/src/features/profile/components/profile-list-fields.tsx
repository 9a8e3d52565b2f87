import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister, type UseFormWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { SKILL_LEVELS, type StudentProfileValues } from '../schemas'
import { SelectField } from '@/components/ui/select-field'
import { TextareaField } from '@/components/ui/textarea-field'

type ListProps = {
  control: Control<StudentProfileValues>
  register: UseFormRegister<StudentProfileValues>
  errors: FieldErrors<StudentProfileValues>
}

const levelOptions = SKILL_LEVELS.map((level) => ({ value: level, label: level[0]!.toUpperCase() + level.slice(1) }))

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={label} className="self-end text-red-600">
      <Trash2 className="size-4" aria-hidden="true" />
    </Button>
  )
}

/** Skills with a level (default beginner). A name may hold several skills, comma separated. */
export function SkillsFields({ control, register, errors }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'skills' })
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">Skills</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="grid grid-cols-[1fr_auto] gap-3 sm:grid-cols-[2fr_1fr_auto]">
          <Input
            label={`Skill ${i + 1}`}
            placeholder="e.g. React, TypeScript"
            error={errors.skills?.[i]?.name?.message}
            {...register(`skills.${i}.name`)}
          />
          <SelectField
            label={`Level of skill ${i + 1}`}
            options={levelOptions}
            error={errors.skills?.[i]?.level?.message}
            {...register(`skills.${i}.level`)}
          />
          <RemoveButton label={`Remove skill ${i + 1}`} onClick={() => remove(i)} />
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => append({ name: '', level: 'beginner' })}>
        <Plus className="size-4" aria-hidden="true" /> Add Skill
      </Button>
    </fieldset>
  )
}

export function ExperienceFields({ control, register, errors, watch }: ListProps & { watch: UseFormWatch<StudentProfileValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'experience' })
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Experience</legend>
      {fields.map((field, i) => {
        const current = watch(`experience.${i}.isCurrent`)
        const e = errors.experience?.[i]
        return (
          <div key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <Input label={`Title of experience ${i + 1}`} error={e?.title?.message} {...register(`experience.${i}.title`)} />
              <Input label={`Company of experience ${i + 1}`} error={e?.company?.message} {...register(`experience.${i}.company`)} />
              <Input
                label={`Start date of experience ${i + 1}`}
                type="month"
                error={e?.startDate?.message}
                {...register(`experience.${i}.startDate`)}
              />
              <Input
                label={`End date of experience ${i + 1}`}
                type="month"
                disabled={current}
                hint={current ? 'Present' : 'Leave blank for Present'}
                error={e?.endDate?.message}
                {...register(`experience.${i}.endDate`)}
              />
            </div>
            <Checkbox label="Current" {...register(`experience.${i}.isCurrent`)} />
            <TextareaField
              label={`Description of experience ${i + 1}`}
              rows={3}
              error={e?.description?.message}
              {...register(`experience.${i}.description`)}
            />
            <RemoveButton label={`Remove experience ${i + 1}`} onClick={() => remove(i)} />
          </div>
        )
      })}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ title: '', company: '', description: '', startDate: '', endDate: '', isCurrent: false })}
      >
        <Plus className="size-4" aria-hidden="true" /> Add Experience
      </Button>
    </fieldset>
  )
}

export function ProjectsFields({ control, register, errors }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'projects' })
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Projects</legend>
      {fields.map((field, i) => {
        const p = errors.projects?.[i]
        return (
          <div key={field.id} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <Input label={`Title of project ${i + 1}`} error={p?.title?.message} {...register(`projects.${i}.title`)} />
              <Input
                label={`Link of project ${i + 1}`}
                type="url"
                placeholder="https://"
                error={p?.link?.message}
                {...register(`projects.${i}.link`)}
              />
            </div>
            <Input
              label={`Technologies of project ${i + 1}`}
              hint="Comma separated, e.g. React, Node.js"
              error={p?.technologies?.message}
              {...register(`projects.${i}.technologies`)}
            />
            <TextareaField
              label={`Description of project ${i + 1}`}
              rows={3}
              error={p?.description?.message}
              {...register(`projects.${i}.description`)}
            />
            <RemoveButton label={`Remove project ${i + 1}`} onClick={() => remove(i)} />
          </div>
        )
      })}
      <Button variant="outline" size="sm" onClick={() => append({ title: '', description: '', technologies: '', link: '' })}>
        <Plus className="size-4" aria-hidden="true" /> Add Project
      </Button>
    </fieldset>
  )
}
