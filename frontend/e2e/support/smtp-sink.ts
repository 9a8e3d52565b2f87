import { readdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'

/** A mail the server under test sent, as the sink received it. */
export type SunkMail = { from: string; to: string[]; data: string; at: number }

/**
 * A minimal SMTP server (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth) that
 * keeps every mail as a JSON file in dir: the server under test sends its mail here for real, and
 * journeys in other processes read it with waitForMail. It listens on 127.0.0.1:port.
 */
export async function startSmtpSink(port: number, dir: string): Promise<Server> {
  let sequence = 0
  const server = createServer((socket) => {
    socket.setEncoding('utf8')
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let inData = false
    let envelope: { from: string; to: string[] } = { from: '', to: [] }
    let data: string[] = []

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase()
      if (verb === 'EHLO') return reply('250-bridgework-e2e-sink\r\n250 8BITMIME')
      if (verb === 'HELO' || verb === 'NOOP') return reply('250 ok')
      if (verb === 'MAIL') {
        envelope = { from: line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, ''), to: [] }
        return reply('250 ok')
      }
      if (verb === 'RCPT') {
        envelope.to.push(
          line
            .replace(/^RCPT TO:\s*/i, '')
            .replace(/[<>]/g, '')
            .toLowerCase(),
        )
        return reply('250 ok')
      }
      if (verb === 'DATA') {
        inData = true
        data = []
        return reply('354 end with <CRLF>.<CRLF>')
      }
      if (verb === 'RSET') {
        envelope = { from: '', to: [] }
        return reply('250 ok')
      }
      if (verb === 'QUIT') {
        reply('221 bye')
        return socket.end()
      }
      return reply('502 command not implemented')
    }

    const dataLine = async (line: string) => {
      if (line !== '.') {
        data.push(line.startsWith('..') ? line.slice(1) : line) // RFC 5321 dot-stuffing
        return
      }
      inData = false
      const mail: SunkMail = { ...envelope, data: data.join('\n'), at: Date.now() }
      await writeFile(join(dir, `${Date.now()}-${process.pid}-${++sequence}.json`), JSON.stringify(mail))
      reply('250 queued')
    }

    // Lines are handled in order, the DATA terminator only once the mail is on disk, so the
    // sender's "250 queued" means a reader can find it.
    let pending = Promise.resolve()
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        pending = pending.then(() => (inData ? dataLine(line) : command(line)) as Promise<void>)
      }
    })
    socket.on('error', () => socket.destroy())
    reply('220 bridgework-e2e-sink ESMTP')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return server
}

/** Waits for a mail to `to` (sent after `since`, a Date.now()) in the sink's directory. */
export async function waitForMail(dir: string, to: string, since: number, timeout = 20_000): Promise<SunkMail> {
  if (!dir) {
    throw new Error(
      'No SMTP sink: start the server under test with SMTP_ADDR=127.0.0.1:$E2E_SMTP_PORT and set E2E_SMTP_PORT for the journeys ' +
        '(scripts/test.sh does both).',
    )
  }
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    for (const name of (await readdir(dir)).sort()) {
      const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as SunkMail
      if (mail.at >= since && mail.to.includes(to.toLowerCase())) return mail
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${to} reached the SMTP sink within ${timeout} ms`)
}
