import { resolve } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { createBackup, defaultBackupPath } from '#services/backup/backup_service'

/**
 * `node ace backup [--output fichier]`: the database and the stored files in one file
 * (README « Sauvegarde et restauration »), by default storage/backups/sauvegarde-<date>.esi.gz.
 */
export default class Backup extends BaseCommand {
  static commandName = 'backup'
  static description = 'Sauvegarde la base de données et les fichiers stockés dans un seul fichier'
  static options: CommandOptions = { startApp: true }

  @flags.string({
    alias: 'o',
    description: 'Fichier à écrire (défaut : storage/backups/sauvegarde-<date>.esi.gz)',
  })
  declare output?: string

  async run() {
    const started = Date.now()
    const output = this.output
      ? resolve(this.output)
      : defaultBackupPath(this.app.makePath('storage', 'backups'))
    try {
      const result = await createBackup(output, { log: (line) => this.logger.info(line) })
      const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0)
      for (const missing of result.missingFiles) {
        this.logger.warning(`Fichier référencé absent du disque : ${missing}`)
      }
      const mo = (result.bytes / 1024 / 1024).toFixed(1).replace('.', ',')
      const seconds = ((Date.now() - started) / 1000).toFixed(1).replace('.', ',')
      this.logger.success(
        `Sauvegarde écrite : ${result.path} (${mo} Mo, ${result.manifest.tables.length} tables, ` +
          `${rows.toLocaleString('fr-BE')} lignes, ${result.files} fichiers, ${seconds} s)`
      )
    } catch (error) {
      this.logger.error(`Sauvegarde échouée : ${(error as Error).message}`)
      this.exitCode = 1
    }
  }
}
