/*
 * Issue 13 §3: what a visit is for, as the PlanificationModal shows it — for a mesurage the
 * measurement sheet to fill, for a pose the items to install (the measured lines when the sheet
 * exists, else the bdc's product lines) and the réception page. Read-only.
 */
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { planificationDto } from '#services/planning/planification_reads'
import { poseLignes } from '#services/receptions/reception_queries'
import type { PlanificationDto } from '#shared/planning'
import { dimensions } from '#shared/receptions'

export type VisiteArticle = {
  designation: string
  quantite: number | null
  unite: string | null
  /** « 1200 × 1400 mm » when measured. */
  dimensions: string | null
  repere: string | null
}

export type VisiteDetails = {
  visite: PlanificationDto
  /** Links the modal offers (built here so the page never spells a URL). */
  liens: { label: string; href: string; icon: string }[]
  articles: VisiteArticle[]
}

async function bdcArticles(commandeId: number): Promise<VisiteArticle[]> {
  const rows = await db
    .from('bdc_lignes')
    .join('commandes', 'commandes.bdc_id', 'bdc_lignes.bdc_id')
    .where('commandes.id', commandeId)
    .where('bdc_lignes.type', 'produit')
    .orderBy('bdc_lignes.position')
    .select('bdc_lignes.designation', 'bdc_lignes.quantite', 'bdc_lignes.unite')
  return rows.map((r) => ({
    designation: r.designation,
    quantite: r.quantite === null ? null : Number(r.quantite),
    unite: r.unite,
    dimensions: null,
    repere: null,
  }))
}

export async function visiteDetails(id: number): Promise<VisiteDetails> {
  const visite = await planificationDto(id)
  const liens: VisiteDetails['liens'] = []
  let articles: VisiteArticle[] = []
  const commandeId = visite.commande?.id
  if (commandeId) {
    liens.push({
      label: `Commande ${visite.commande!.numero}`,
      href: urlFor('esi.commandes.show', { id: commandeId }),
      icon: 'bi-box-seam',
    })
    if (visite.nature === 'mesurage') {
      liens.push({
        label: 'Feuille de mesurage',
        href: urlFor('esi.mesurage.show', { id: commandeId }),
        icon: 'bi-rulers',
      })
    }
    if (visite.nature === 'pose') {
      liens.push({
        label: 'Pose et réception',
        href: urlFor('esi.commandes.pose', { id: commandeId }),
        icon: 'bi-tools',
      })
      const mesurees = await poseLignes(db.connection(), commandeId)
      articles = mesurees.length
        ? mesurees.map((l) => ({
            designation: l.designation,
            quantite: l.quantite,
            unite: null,
            dimensions: l.largeur_mm === null && l.hauteur_mm === null ? null : dimensions(l),
            repere: l.repere,
          }))
        : await bdcArticles(commandeId)
    }
  }
  if (visite.client) {
    liens.push({
      label: `Fiche client ${visite.client.nom}`,
      href: urlFor('esi.customers.show', { id: visite.client.id }),
      icon: 'bi-person',
    })
  }
  return { visite, liens, articles }
}
