import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { keptThroughRefreshes, QueryState } from '../query-state'

// A dashboard stays up through a refresh that fails: only a first load's failure is an error.

const shown = (query: Parameters<typeof keptThroughRefreshes<string>>[0]) =>
  render(
    <QueryState query={keptThroughRefreshes(query)} loadingLabel="Loading" error="Could not load">
      {(data) => <p>{data}</p>}
    </QueryState>,
  )

describe('keptThroughRefreshes', () => {
  it('keeps the data on screen when a refresh fails', () => {
    shown({ data: 'Your tasks', isPending: false, isError: true, isLoadingError: false, error: new Error('offline') })
    expect(screen.getByText('Your tasks')).toBeInTheDocument()
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument()
  })

  it('says the first load failed', () => {
    shown({ data: undefined, isPending: false, isError: true, isLoadingError: true, error: new Error('offline') })
    expect(screen.getByText('Could not load')).toBeInTheDocument()
  })
})
