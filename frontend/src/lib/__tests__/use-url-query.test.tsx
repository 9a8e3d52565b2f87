import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { Link, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '@/testing/test-utils'
import { useUrlQuery } from '../use-url-query'

type Query = Record<string, string>
const read = (params: URLSearchParams): Query => Object.fromEntries(params)
const write = (query: Query) => new URLSearchParams(query)

/** A page whose buttons each add one key to the query, beside a link and Back, which do not use the hook. */
function Page() {
  const [query, change] = useUrlQuery(read, write)
  const navigate = useNavigate()
  return (
    <>
      <output aria-label="Query">{write(query).toString()}</output>
      {['a', 'b', 'c'].map((key) => (
        <button key={key} type="button" onClick={() => change((latest) => ({ ...latest, [key]: '1' }))}>
          Add {key}
        </button>
      ))}
      <Link to="?z=1">Link</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  )
}

const click = (name: string) => fireEvent.click(screen.getByRole(name === 'Link' ? 'link' : 'button', { name }))

describe('useUrlQuery', () => {
  it('keeps a change made before the previous one has rendered', async () => {
    const { router } = renderWithRouter(<Page />, { transitions: true })
    // Two changes in one tick: the page still renders "/" when the second comes.
    act(() => {
      click('Add a')
      click('Add b')
    })
    await waitFor(() => expect(router.location.search).toBe('?a=1&b=1'))
    expect(screen.getByRole('status', { name: 'Query' })).toHaveTextContent('a=1&b=1')
  })

  it('takes a URL it did not ask for as the query, even with a change of its own on the way', async () => {
    const { router } = renderWithRouter(<Page />, { transitions: true })
    act(() => {
      click('Add a')
      click('Link')
    })
    await waitFor(() => expect(router.location.search).toBe('?z=1'))
    act(() => click('Add b'))
    await waitFor(() => expect(router.location.search).toBe('?z=1&b=1'))

    act(() => click('Add c'))
    await waitFor(() => expect(router.location.search).toBe('?z=1&b=1&c=1'))
    act(() => click('Back'))
    await waitFor(() => expect(router.location.search).toBe('?z=1&b=1'))
    act(() => click('Add a'))
    await waitFor(() => expect(router.location.search).toBe('?z=1&b=1&a=1'))
  })
})
