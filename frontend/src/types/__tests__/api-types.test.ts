/// <reference types="node" />
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiTypes } from '../../../scripts/api-types.mjs'

// The Go tests keep openapi.json equal to the served document; this keeps api.gen.ts equal to
// what openapi-typescript makes of it, so the SPA's types are the API's.
describe('generated API types', () => {
  it('are what openapi-typescript generates from the OpenAPI document', async () => {
    // Vitest runs from frontend/.
    const document = await readFile(resolve('src/types/openapi.json'), 'utf8')
    const generated = await readFile(resolve('src/types/api.gen.ts'), 'utf8')
    expect(generated === (await apiTypes(document)), 'src/types/api.gen.ts is out of date: run ./scripts/api-types.sh').toBe(true)
  })
})
