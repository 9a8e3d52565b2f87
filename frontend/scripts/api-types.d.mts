/** The TypeScript types of an OpenAPI document given as JSON text. */
export function apiTypes(documentJSON: string): Promise<string>
