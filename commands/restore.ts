import { resolve } from 'node:path'
import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { restoreBackup, RestoreRefused } from '#services/backup/restore_service'
import { printCheck } from '#commands/backup_check'

/**
 * `node ace restore <fichier> [--force]`: puts a backup back (README « Sauvegarde et
 * restauration »), then checks it. Refuses a database holding rows unless --force.
 */
export default class Restore extends BaseCommand {
  static commandName = 'restore'
  static description =
    'Restaure une sauvegarde (base et fichiers) dans une base vide, puis la vérifie'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Fichier de sauvegarde' })
  declare file: string

  @flags.boolean({ description: 'Efface la base et les fichiers actuels avant de restaurer' })
  declare force?: boolean

  async run() {
    const started = Date.now()
    try {
      const result = await restoreBackup(resolve(this.file), {
        force: this.force,
        log: (line) => this.logger.info(line),
      })
      printCheck(this, result.check)
      const seconds = ((Date.now() - started) / 1000).toFixed(1).replace('.', ',')
      if (result.pendingMigrations.length > 0) {
        this.logger.info(
          `${result.pendingMigrations.length} migration(s) plus récente(s) que la sauvegarde : ` +
            'lancez `node ace migration:run --force` (npm start le fait au démarrage).'
        )
      }
      if (!result.check.ok) {
        this.logger.error(`Restauration terminée en ${seconds} s, mais la vérification a échoué.`)
        this.exitCode = 1
        return
      }
      this.logger.success(
        `Sauvegarde du ${new Date(result.manifest.createdAt).toLocaleString('fr-BE', { timeZone: 'Europe/Brussels' })} ` +
          `restaurée et vérifiée (${result.rows.toLocaleString('fr-BE')} lignes, ${result.files} fichiers, ${seconds} s).`
      )
    } catch (error) {
      const prefix =
        error instanceof RestoreRefused ? 'Restauration refusée' : 'Restauration échouée'
      this.logger.error(`${prefix} : ${(error as Error).message}`)
      this.exitCode = 1
    }
  }
}
