/*
 * The development and test mail transport: every message is kept as one JSON file (HTML and
 * text bodies, recipients, subject) instead of being sent, so the app's emails can be read at
 * /dev/mails or by the tests without any mail server.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import app from '@adonisjs/core/services/app'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage, Recipient } from '@adonisjs/mail/types'
import type { KeptMail, KeptMailSummary } from '#shared/mail'

export type { KeptMail, KeptMailSummary }

/** Ids are made here: a sortable timestamp and random hex. Anything else is refused (no traversal). */
const ID_PATTERN = /^\d{13}-[0-9a-f]{12}$/

/** storage/mails; the tests keep theirs apart so the development page stays readable. */
export function keptMailsDirectory(): string {
  return app.makePath('storage', 'mails', ...(app.inTest ? ['test'] : []))
}

function address(recipient: Recipient | undefined): string | null {
  if (!recipient) return null
  return typeof recipient === 'string' ? recipient : recipient.address
}

function body(value: NodeMailerMessage['html']): string | null {
  if (value === undefined || value === null) return null
  return typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : null
}

export class KeptMailTransport implements MailTransportContract {
  constructor(private directory: string) {}

  async send(message: NodeMailerMessage): Promise<MailResponse<{ file: string }>> {
    const id = `${Date.now()}-${randomBytes(6).toString('hex')}`
    const to = (message.to ?? []).map(address).filter((a): a is string => Boolean(a))
    const mail: KeptMail = {
      id,
      date: new Date().toISOString(),
      from: address(message.from),
      replyTo: address(Array.isArray(message.replyTo) ? message.replyTo[0] : message.replyTo),
      to,
      subject: message.subject ?? '',
      html: body(message.html),
      text: body(message.text),
      attachments: (message.attachments ?? []).map((a) => ({
        filename: typeof a.filename === 'string' ? a.filename : '',
        contentType: a.contentType ?? null,
        size: Buffer.isBuffer(a.content)
          ? a.content.length
          : typeof a.content === 'string'
            ? Buffer.byteLength(a.content)
            : 0,
      })),
    }
    await mkdir(this.directory, { recursive: true })
    const file = path.join(this.directory, `${id}.json`)
    await writeFile(file, JSON.stringify(mail, null, 2), 'utf8')
    return new MailResponse(
      `<${id}@esi-backoffice.local>`,
      { from: mail.from ?? false, to },
      { file }
    )
  }
}

/** Kept messages, newest first. */
export async function listKeptMails(directory = keptMailsDirectory()): Promise<KeptMailSummary[]> {
  let files: string[]
  try {
    files = await readdir(directory)
  } catch {
    return []
  }
  const ids = files
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((id) => ID_PATTERN.test(id))
    .sort()
    .reverse()
  const mails = await Promise.all(ids.map((id) => readKeptMail(id, directory)))
  return mails
    .filter((m): m is KeptMail => m !== null)
    .map(({ id, date, from, to, subject }) => ({ id, date, from, to, subject }))
}

export async function readKeptMail(
  id: string,
  directory = keptMailsDirectory()
): Promise<KeptMail | null> {
  if (!ID_PATTERN.test(id)) return null
  try {
    return JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as KeptMail
  } catch {
    return null
  }
}
