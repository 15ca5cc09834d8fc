/*
 * A bdc signed online (issue 14 §1): its evidence record printed on a last page of its own,
 * « Preuve de signature électronique » (decision 494) — who, when, from where, what was seen
 * (the SHA-256 of the canonical document kept with the bdc), the options, the consent.
 */
import { ACCENT, BOLD, FONT, LEFT, MUTED, WIDTH, type Writer } from '#services/pdf/pdf_writer'

export function drawPreuveSignature(w: Writer) {
  const p = w.doc.preuve_signature
  if (!p) return
  w.newPage()
  w.font(BOLD, 13, ACCENT).at('Preuve de signature électronique', LEFT, w.y, WIDTH)
  w.y += 22
  w.paragraph(
    'Le client a accepté et signé ce bon de commande en ligne, à distance, depuis le lien personnel reçu par e-mail. Les éléments ci-dessous ont été enregistrés au moment de la signature.',
    9
  )
  w.y += 8
  const options = p.options.length
    ? p.options.map((o) => `${o.retenue ? '[x]' : '[ ]'} ${o.designation}`).join('\n')
    : 'Aucune option proposée'
  const rows: [string, string][] = [
    ['Signataire', p.signataire],
    ['Mention', p.mention],
    ['Date et heure', p.signe_le],
    ['Lieu', 'À distance (signé en ligne)'],
    [
      'Devis accepté',
      `${p.devis_numero ?? ''}${p.devis_revision > 1 ? ` (version ${p.devis_revision})` : ''}`,
    ],
    ['Options', options],
    ['Conditions générales', p.consentement ? 'Acceptées (case cochée)' : 'Non acceptées'],
    ['Adresse IP', p.ip ?? 'inconnue'],
    ['Navigateur', p.user_agent ?? 'inconnu'],
    ['Empreinte SHA-256 du document', p.sha256],
    [
      'Intégrité',
      p.intacte
        ? 'Le document enregistré correspond à cette empreinte.'
        : 'ATTENTION : le document enregistré ne correspond plus à cette empreinte.',
    ],
  ]
  const labelWidth = 150
  for (const [label, value] of rows) {
    w.font(FONT, 9)
    const h = Math.max(w.height(value, WIDTH - labelWidth), 12)
    w.ensure(h + 8)
    w.font(FONT, 9, MUTED).at(label, LEFT, w.y, labelWidth - 8)
    w.font(BOLD, 9).at(value, LEFT + labelWidth, w.y, WIDTH - labelWidth)
    w.y += h + 6
  }
  w.y += 8
  w.paragraph(
    'L’empreinte est calculée sur le contenu du devis tel qu’il a été présenté au client (lignes, options choisies, montants, conditions), enregistré avec le bon de commande : elle permet de vérifier à tout moment que ce contenu n’a pas été modifié depuis la signature.',
    8,
    FONT,
    MUTED
  )
}
