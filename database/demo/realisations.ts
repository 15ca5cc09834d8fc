/*
 * Demo work photos (issue 14 §4): drawn by sharp at seed time (a façade with its new window or
 * door, no file from anywhere), stored through the one photo path with an EXIF date, so the
 * gallery and the public portfolio are not empty. The finished commandes get a « before »
 * (mesurage, private) and an « after » photo (pose, publique); a running one a delivery photo.
 */
import sharp from 'sharp'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Commande from '#models/commande'
import { demoCommandes } from '#database/demo/commandes_story'
import { storePhotoBytes } from '#services/commandes/commande_fichiers'
import type { Etape } from '#shared/commande_etapes'

const WALLS = ['#d9c7a7', '#b9a48a', '#e6ddd0', '#a9896b']
const FRAMES = ['#ffffff', '#3b3b3b', '#6b4f35', '#2f4f6f']

/** A façade with a window (or a door) whose frame is new or old, as a JPEG with its date. */
async function facade(index: number, neuf: boolean, taken: DateTime): Promise<Buffer> {
  const wall = WALLS[index % WALLS.length]
  const frame = neuf ? FRAMES[index % FRAMES.length] : '#8a7f70'
  const door = index % 2 === 1
  const [x, y, w, h] = door ? [330, 170, 140, 290] : [250, 140, 300, 220]
  const glass = neuf ? '#9cc7e6' : '#7f8c8d'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${wall}"/>
    <rect y="460" width="800" height="140" fill="#7d7d7d"/>
    <rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" fill="#c8c0b0"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${frame}"/>
    <rect x="${x + 14}" y="${y + 14}" width="${w / 2 - 21}" height="${h - 28}" fill="${glass}"/>
    <rect x="${x + w / 2 + 7}" y="${y + 14}" width="${w / 2 - 21}" height="${h - 28}" fill="${glass}"/>
    ${neuf ? '' : `<rect x="${x}" y="${y + h / 2}" width="${w}" height="6" fill="#5b4b3b"/>`}
  </svg>`
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 80 })
    .withExif({ IFD2: { DateTimeOriginal: taken.toFormat('yyyy:MM:dd HH:mm:ss') } })
    .toBuffer()
}

type DemoPhoto = {
  commandeId: number
  etape: Etape
  moment: 'avant' | 'apres' | null
  legende: string
  publique: boolean
  neuf: boolean
  taken: DateTime
}

export async function seedDemoRealisations(trx: TransactionClientContract, base: DemoBase) {
  const commandes = await demoCommandes(trx)
  const photos: DemoPhoto[] = []
  const finished = await Commande.query({ client: trx })
    .whereIn('id', commandes.finished)
    .orderBy('numero')
    .limit(4)
  for (const [index, commande] of finished.entries()) {
    const done = DateTime.fromJSDate(commande.createdAt.toJSDate()).plus({ days: 40 + index })
    const objet = commande.objet.toLowerCase()
    photos.push(
      {
        commandeId: commande.id,
        etape: 'mesurage',
        moment: 'avant',
        legende: `Avant travaux : ${objet}`,
        publique: false,
        neuf: false,
        taken: done.minus({ days: 30 }),
      },
      {
        commandeId: commande.id,
        etape: 'pose',
        moment: 'apres',
        legende: `Après pose : ${objet}`,
        // One finished commande kept private: the portfolio shows a choice, not everything
        publique: index !== 2,
        neuf: true,
        taken: done,
      }
    )
  }
  const running = commandes.role.pose_planifiee
  if (running) {
    photos.push({
      commandeId: running,
      etape: 'fourniture',
      moment: null,
      legende: 'Châssis livrés à l’atelier, contrôlés',
      publique: false,
      neuf: true,
      taken: DateTime.now().minus({ days: 2 }),
    })
  }
  for (const [index, p] of photos.entries()) {
    await storePhotoBytes(trx, await facade(index, p.neuf, p.taken), false, {
      commandeId: p.commandeId,
      etape: p.etape,
      moment: p.moment,
      legende: p.legende,
      publique: p.publique,
      nomOriginal: `IMG_${2100 + index}.JPG`,
      auteurId: base.users.esi.id,
    })
  }
  return photos.length
}
