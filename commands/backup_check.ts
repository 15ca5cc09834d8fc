import { resolve } from 'node:path'
import { args, BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { pgClientFor } from '#services/backup/backup_service'
import { checkDatabase, type CheckResult } from '#services/backup/check_service'
import { inspectArchive, RestoreRefused } from '#services/backup/restore_service'

/** The check's lines on a command's output: the summary, then each problem. */
export function printCheck(command: BaseCommand, check: CheckResult) {
  for (const line of check.summary) command.logger.info(line)
  for (const problem of check.problems) command.logger.error(problem)
}

/**
 * `node ace backup:check [fichier]`: the database's series gapless and its files present; with a
 * backup file, also equal to it (tables, totals per document type, counters, file hashes). Exit
 * code 1 on any mismatch (README « Sauvegarde et restauration »).
 */
export default class BackupCheck extends BaseCommand {
  static commandName = 'backup:check'
  static description =
    'Vérifie la base (séries sans trou, fichiers présents) et, avec une sauvegarde, qu’elle lui est identique'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Sauvegarde à comparer (facultatif)', required: false })
  declare file?: string

  async run() {
    const client = pgClientFor()
    try {
      const archive = this.file ? await inspectArchive(resolve(this.file)) : undefined
      await client.connect()
      const check = await checkDatabase(client, archive ?? {})
      printCheck(this, check)
      if (check.ok) this.logger.success('Vérification réussie.')
      else {
        this.logger.error(`Vérification échouée : ${check.problems.length} écart(s).`)
        this.exitCode = 1
      }
    } catch (error) {
      const prefix =
        error instanceof RestoreRefused ? 'Vérification impossible' : 'Vérification échouée'
      this.logger.error(`${prefix} : ${(error as Error).message}`)
      this.exitCode = 1
    } finally {
      await client.end().catch(() => {})
    }
  }
}
