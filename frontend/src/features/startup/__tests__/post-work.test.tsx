import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { seedAccount } from '@/testing/mocks/db'
import { market, resetMarket } from '@/testing/mocks/marketplace'
import { pagedJson } from '@/testing/mocks/paging'
import { server } from '@/testing/mocks/server'
import { renderApp } from '@/testing/test-utils'

beforeEach(() => resetMarket())

async function setup() {
  const view = await renderApp('/startup/post-work', { as: 'startup' })
  const form = screen.getByRole('form', { name: 'Post New Work' })
  const field = (label: string | RegExp) => within(form).getByLabelText(label)
  return { ...view, form, field }
}

describe('Post New Work', () => {
  it('keeps Category disabled until a work type is chosen, and clears it when the work type changes', async () => {
    const { events, field } = await setup()
    expect(field(/^Category/)).toBeDisabled()
    await events.selectOptions(field(/^Work Type/), 'technical')
    expect(field(/^Category/)).toBeEnabled()
    await events.selectOptions(field(/^Category/), 'web-development')
    await events.selectOptions(field(/^Work Type/), 'non-technical')
    expect(field(/^Category/)).toHaveValue('')
    expect(within(field(/^Category/)).getByRole('option', { name: 'Marketing' })).toBeInTheDocument()
    expect(within(field(/^Category/)).queryByRole('option', { name: 'Web Development' })).not.toBeInTheDocument()
  })

  it('shows each rule of spec §5 on its field', async () => {
    const { events, form, field } = await setup()
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required')
    expect(field(/^Description/)).toHaveAccessibleDescription('Description is required')
    expect(field(/^Work Type/)).toHaveAccessibleDescription('Work type is required')
    expect(field(/^Category/)).toHaveAccessibleDescription('Category is required')
    expect(field(/^Skills/)).toHaveAccessibleDescription('Skills are required')
    expect(field(/^Estimated Hours/)).toHaveAccessibleDescription('Estimated hours must be at least 1')
    expect(field(/^Deadline/)).toHaveAccessibleDescription('Deadline is required')
    expect(market.requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('offers Revision rounds, 3 by default, from 0 to 10', async () => {
    const { events, form, field } = await setup()
    const rounds = field(/^Revision rounds/)
    expect(rounds).toHaveValue(3)
    expect(rounds).toHaveAccessibleDescription('How many times you may ask a student for changes on one submission (0 to 10).')
    await events.clear(rounds)
    await events.type(rounds, '11')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(rounds).toHaveAccessibleDescription('Revision rounds must be a whole number from 0 to 10')
  })

  it('ranks students for the draft only once skills are entered, says why, and assigns the one picked', async () => {
    const student = seedAccount({ userType: 'student', firstName: 'Asha', lastName: 'Verma', skills: [{ name: 'React' }] }).user
    const second = seedAccount({ userType: 'student', firstName: 'Ben', lastName: 'Okoro', skills: [{ name: 'CSS' }] }).user
    const searches: Array<string | null> = []
    server.use(
      http.get('*/api/startup/matches', ({ request }) => {
        const url = new URL(request.url)
        searches.push(`${url.searchParams.get('skills')} ${url.searchParams.get('category')}`)
        return pagedJson(
          [
            { student, score: 87, reasons: ['React proved in 3 approved tasks'] },
            { student: second, score: 40, reasons: ['claims CSS'] },
          ],
          request,
        )
      }),
    )
    const { events, form, field } = await setup()
    const find = within(form).getByRole('button', { name: 'Find Students' })
    expect(find).toBeDisabled()
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'web-development')
    await events.type(field(/^Skills/), 'React, CSS')
    await events.click(find)
    const list = await within(form).findByRole('group', { name: 'Available Students' })
    expect(
      within(list)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['', student._id, second._id])
    const asha = within(list).getByRole('radio', { name: /Asha Verma/ })
    expect(asha).toHaveAccessibleDescription('React proved in 3 approved tasks')
    await events.click(asha)
    expect(searches).toEqual(['React,CSS web-development'])

    await events.type(field(/^Title/), 'Landing page')
    await events.type(field(/^Description/), 'Make it shine')
    await events.type(field(/^Estimated Hours/), '6')
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(await screen.findByText('Work posted!')).toBeInTheDocument()
    const post = market.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')!
    expect(post.body).toMatchObject({
      title: 'Landing page',
      workType: 'technical',
      category: 'web-development',
      skills: ['React', 'CSS'],
      estimatedHours: 6,
      deadline: '2030-02-01',
      budget: { min: 0, max: 0 },
      priority: 'medium',
      revisionRounds: 3,
      assignedStudent: student._id,
    })
    await screen.findByRole('heading', { name: 'My Works' })
  })

  it('previews chosen images, refuses other files, and uploads images before posting', async () => {
    const uploads: string[] = []
    server.use(
      http.post('*/api/uploads/task-image', async ({ request }) => {
        const file = (await request.formData()).get('image') as File
        uploads.push(file.name)
        return HttpResponse.json({ url: `/api/files/0193c000-0000-7000-8000-00000000000${uploads.length}` }, { status: 201 })
      }),
    )
    const { events, form, field } = await setup()
    const picker = within(form).getByLabelText(/^Images/)
    // The file dialog would not offer it (accept="image/*"), so send it the way a drop would.
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await within(form).findByText('Only image files can be uploaded')).toBeInTheDocument()
    await events.upload(picker, [new File(['a'], 'one.png', { type: 'image/png' }), new File(['b'], 'two.jpg', { type: 'image/jpeg' })])
    const previews = within(form).getByRole('list', { name: 'Chosen images' })
    expect(within(previews).getAllByRole('img')).toHaveLength(2)

    await events.type(field(/^Title/), 'With images')
    await events.type(field(/^Description/), 'See pictures')
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'design')
    await events.type(field(/^Skills/), 'Figma')
    await events.type(field(/^Estimated Hours/), '2')
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    await screen.findByText('Work posted!')
    expect(uploads).toHaveLength(2)
    const post = market.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')!
    expect(post.body).toMatchObject({
      imageUrl: '/api/files/0193c000-0000-7000-8000-000000000001',
      attachments: [{ name: 'two.jpg', url: '/api/files/0193c000-0000-7000-8000-000000000002' }],
    })
  })

  it('puts the server field errors on the form and says it failed', async () => {
    server.use(
      http.post('*/api/startup/tasks', () =>
        HttpResponse.json(
          { message: 'Deadline cannot be in the past', code: 'invalid', fields: { deadline: 'Deadline cannot be in the past' } },
          { status: 400 },
        ),
      ),
    )
    const { events, form, field } = await setup()
    await events.type(field(/^Title/), 'Late')
    await events.type(field(/^Description/), 'Too late')
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'design')
    await events.type(field(/^Skills/), 'Figma')
    await events.type(field(/^Estimated Hours/), '2')
    // A date the picker allows, which the server's clock may still call past (time zones).
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(await screen.findByText('Failed to post work')).toBeInTheDocument()
    await waitFor(() => expect(field(/^Deadline/)).toHaveAccessibleDescription('Deadline cannot be in the past'))
  })

  it("offers no past deadline and refuses one typed in, with the server's message", async () => {
    const { events, form, field } = await setup()
    const now = new Date()
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
    expect(field(/^Deadline/)).toHaveAttribute('min', today)
    await events.type(field(/^Deadline/), '2020-02-01')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    await waitFor(() => expect(field(/^Deadline/)).toHaveAccessibleDescription('Deadline cannot be in the past'))
    expect(market.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')).toEqual([])
  })

  it('sends the chosen currency, USD unless changed', async () => {
    const { events, form, field } = await setup()
    expect(field(/^Currency/)).toHaveValue('USD')
    expect(
      within(field(/^Currency/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['USD', 'EUR', 'GBP', 'INR', 'CAD', 'AUD', 'SGD'])
    await events.type(field(/^Title/), 'Paid work')
    await events.type(field(/^Description/), 'In euros')
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'design')
    await events.type(field(/^Skills/), 'Figma')
    await events.type(field(/^Estimated Hours/), '2')
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.type(field(/^Budget max/), '250')
    await events.selectOptions(field(/^Currency/), 'EUR')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    await waitFor(() => expect(market.requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')).toBe(true))
    const post = market.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')!
    expect(post.body).toMatchObject({ budget: { min: 0, max: 250 }, currency: 'EUR' })
  })

  it("offers Paid places, 1 by default, from 1 to 50, with the server's words, and sends them as seats", async () => {
    const { events, form, field } = await setup()
    const places = field(/^Paid places/)
    expect(places).toHaveValue(1)
    expect(places).toHaveAttribute('min', '1')
    expect(places).toHaveAttribute('max', '50')
    await events.clear(places)
    await events.type(places, '51')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(places).toHaveAccessibleDescription('Paid places must be a whole number from 1 to 50')
    await events.clear(places)
    await events.type(places, '2.5')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(places).toHaveAccessibleDescription('Paid places must be a whole number from 1 to 50')

    await events.clear(places)
    await events.type(places, '3')
    await events.type(field(/^Title/), 'Three logos')
    await events.type(field(/^Description/), 'Three students, one logo each')
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'design')
    await events.type(field(/^Skills/), 'Figma')
    await events.type(field(/^Estimated Hours/), '2')
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.type(field(/^Budget max/), '200')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    expect(await screen.findByText('Work posted!')).toBeInTheDocument()
    const post = market.requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/startup/tasks')!
    expect(post.body).toMatchObject({ budget: { min: 0, max: 200 }, seats: 3 })
  })

  it("puts the server's refusal of the places on their field", async () => {
    const message = 'Paid places must be a whole number from 1 to 50'
    server.use(http.post('*/api/startup/tasks', () => HttpResponse.json({ message, code: 'invalid', fields: { seats: message } }, { status: 400 })))
    const { events, form, field } = await setup()
    await events.type(field(/^Title/), 'Places')
    await events.type(field(/^Description/), 'Places')
    await events.selectOptions(field(/^Work Type/), 'technical')
    await events.selectOptions(field(/^Category/), 'design')
    await events.type(field(/^Skills/), 'Figma')
    await events.type(field(/^Estimated Hours/), '2')
    await events.type(field(/^Deadline/), '2030-02-01')
    await events.click(within(form).getByRole('button', { name: 'Post Work' }))
    await waitFor(() => expect(field(/^Paid places/)).toHaveAccessibleDescription(message))
  })
})
