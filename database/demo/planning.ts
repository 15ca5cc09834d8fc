/*
 * Demo data of the planning (issue 13): two commerciaux and four technicians (two pose teams),
 * the demo user (Sophie Lambert, métré) in the technical planning so « Ma journée » shows her
 * visits, 15 minutes of travel between two visits, and a month of visits around today — the past
 * weeks réalisées (a few annulées with their motif), the coming ones planifiées: commercial
 * appointments at the clients' sites, SAV interventions, the mesurage and the poses the demo
 * commandes' story plans (database/demo/commandes_story.ts). Every visit goes through
 * planification_service (the commande steps follow; what it refuses is skipped), every request
 * through demandes.ts; some requests stay open, waiting in the calendar's list and on the map.
 * Built by index from the lists below (no randomness): visits per person and per day in fixed
 * slots with gaps, so no double booking.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import type { DemoBase } from '#database/demo/index'
import { DEMO_ESI_TOTP_SECRET, DEMO_PASSWORD } from '#database/demo/accounts'
import { demoCommandes } from '#database/demo/commandes_story'
import { encryptTotpSecret } from '#services/two_factor'
import { systemActor, type Actor } from '#services/actor'
import { AppException } from '#exceptions/http_exceptions'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import {
  createPlanification,
  type PlanificationInput,
} from '#services/planning/planification_service'
import { createDemande } from '#services/planning/demandes'
import { TIME_ZONE } from '#shared/app'
import type { PlanifStatut, PlanningType } from '#shared/planning'

/** The planning's staff: [name, email, planning, colour, team]. */
export const DEMO_PLANNING_STAFF = [
  ['Marc Delvaux', 'marc.delvaux@demo.test', 'com', '#1d4ed8', null],
  ['Nathalie Goossens', 'nathalie.goossens@demo.test', 'com', '#7c3aed', null],
  ['Kevin Lejeune', 'kevin.lejeune@demo.test', 'tec', '#b45309', 'Équipe pose 1'],
  ['Thomas Wauters', 'thomas.wauters@demo.test', 'tec', '#a16207', 'Équipe pose 1'],
  ['Youssef El Amrani', 'youssef.elamrani@demo.test', 'tec', '#047857', 'Équipe pose 2'],
  ['Bruno Collignon', 'bruno.collignon@demo.test', 'tec', '#0f766e', 'Équipe pose 2'],
] as const

/** Travel time required between two visits of one person (minutes). */
export const DEMO_TRAJET_MINUTES = 15

const RDV_OBJETS = [
  ['Présentation châssis PVC', 'Remplacement de 6 fenêtres simple vitrage, maison 4 façades.'],
  ['Porte d’entrée aluminium', 'Souhaite une porte isolante avec serrure 3 points.'],
  ['Suivi de devis', 'Reprendre les options du devis envoyé (teinte, quincaillerie).'],
  ['Cuisine équipée — relevé', 'Projet de cuisine en L, plan de travail en quartz.'],
  ['Véranda — premier contact', 'Terrasse 4 × 3 m côté jardin, exposition sud.'],
  ['Volets roulants motorisés', 'Cinq volets, commande centralisée souhaitée.'],
  ['Prime énergie et vitrage', 'Question sur les primes régionales pour le triple vitrage.'],
] as const

const SAV_OBJETS = [
  ['Réglage porte-fenêtre', 'Frotte en bas à la fermeture.'],
  ['Remplacement double vitrage fissuré', 'Vitrage 4/16/4 du séjour, fissure en angle.'],
  ['Joint de porte d’entrée', 'Infiltration d’air côté serrure.'],
  ['Volet roulant bloqué', 'Moteur qui ne répond plus, volet à mi-hauteur.'],
  ['Charnière de meuble de cuisine', 'Porte d’armoire haute qui tombe.'],
  ['Poignée oscillo-battant', 'Poignée cassée, fenêtre chambre 1.'],
  ['Condensation entre les vitrages', 'Vitrage embué à remplacer sous garantie.'],
] as const

const MOTIFS_ANNULATION = [
  'Client absent au rendez-vous.',
  'Reporté à la demande du client.',
  'Intempéries : intervention reportée.',
  'Véhicule en panne.',
] as const

/** Fixed slots per day (Brussels), with gaps longer than the travel time. */
const COM_SLOTS = [
  ['09:00', '10:00'],
  ['10:45', '11:45'],
  ['14:00', '15:00'],
  ['15:45', '16:45'],
] as const
const TEC_SLOTS = [
  ['08:30', '10:30'],
  ['11:00', '12:30'],
  ['13:30', '15:30'],
] as const

type ClientRow = { id: number; nom: string }

/** Refusals of the service (a step not plannable, a slot taken) are skipped, anything else fails. */
async function tryService<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppException) return null
    throw error
  }
}

export async function seedDemoPlanning(trx: TransactionClientContract, base: DemoBase) {
  const actor: Actor = systemActor(base.users.esi)
  const today = DateTime.now().setZone(TIME_ZONE).startOf('day')
  await trx
    .from('societes')
    .where('id', base.societes.esiSociete.id)
    .update({ planning_trajet_minutes: DEMO_TRAJET_MINUTES })

  // The staff: loginable like the demo esi (same password and TOTP key), members of the company
  const staff: User[] = []
  for (const [name, email] of DEMO_PLANNING_STAFF) {
    const user = await User.create(
      {
        email,
        name,
        role: 'esi',
        droitsAccordes: [],
        password: DEMO_PASSWORD,
        emailVerifiedAt: DateTime.now(),
        twoFactorSecret: encryptTotpSecret(DEMO_ESI_TOTP_SECRET),
        twoFactorConfirmedAt: DateTime.now(),
      },
      { client: trx }
    )
    await user
      .related('societes')
      .attach({ [base.societes.esiSociete.id]: { role: 'membre' } }, trx)
    staff.push(user)
  }
  const ressources: Record<string, string | number | null>[] = DEMO_PLANNING_STAFF.map(
    ([, , type, couleur, equipe], i) => ({
      user_id: staff[i].id,
      type,
      couleur,
      equipe,
      // In its planning's order: the commerciaux 0–1, the technicians 0–3
      position: DEMO_PLANNING_STAFF.slice(0, i).filter((s) => s[2] === type).length,
    })
  )
  // The demo user measures and sees SAV: last of the technical planning
  ressources.push({
    user_id: base.users.esi.id,
    type: 'tec',
    couleur: '#be123c',
    equipe: null,
    position: 9,
  })
  await trx.table('planning_ressources').multiInsert(ressources)

  const [commercial1, commercial2, k1, t1, y2, b2] = staff
  const equipes = [
    [k1.id, t1.id],
    [y2.id, b2.id],
  ]
  const sophie = base.users.esi.id

  const clientRows = await trx
    .from('clients')
    .whereNotNull('chantier_lat')
    .orderBy('id_client')
    .select('id_client', 'nom', 'prenom', 'societe')
  const clients: ClientRow[] = clientRows.map((c) => ({
    id: Number(c.id_client),
    nom: c.societe || [c.prenom, c.nom].filter(Boolean).join(' '),
  }))
  if (!clients.length) return
  const devisByClient = new Map<number, number>()
  for (const d of await trx
    .from('devis')
    .whereIn('statut', ['envoye', 'brouillon'])
    .orderBy('id')
    .select('id', 'client_id')) {
    devisByClient.set(Number(d.client_id), d.id)
  }
  const client = (n: number) => clients[n % clients.length]

  /** Working days (Monday to Friday) from three weeks back to two weeks ahead. */
  const monday = today.startOf('week').minus({ weeks: 3 })
  const days: DateTime[] = []
  for (let d = monday; d < monday.plus({ weeks: 6 }); d = d.plus({ days: 1 })) {
    if (d.weekday <= 5) days.push(d)
  }
  const at = (day: DateTime, hhmm: string) => `${day.toISODate()}T${hhmm}`
  const isPast = (day: DateTime) => day < today
  const busy = new Set<string>()
  const key = (userId: number, day: DateTime) => `${userId}:${day.toISODate()}`

  /** Creates a visit, then (past) réalisée or, one in eleven, annulée with its motif. */
  const plan = async (input: PlanificationInput, n: number, past: boolean) => {
    const dto = await tryService(() => createPlanification(actor, input))
    if (!dto) return null
    let statut: PlanifStatut | null = null
    if (past) statut = n % 11 === 0 ? 'annulee' : 'realisee'
    else if (n % 17 === 5) statut = 'annulee'
    if (statut) {
      await tryService(() =>
        changePlanificationStatut(actor, dto.id, {
          lockVersion: dto.lockVersion,
          statut: statut!,
          motif: statut === 'annulee' ? MOTIFS_ANNULATION[n % MOTIFS_ANNULATION.length] : null,
        })
      )
    }
    return dto
  }

  // The commandes' story: the pose of « pose_planifiee » on its planned days (team 1), the pose
  // running of the commande received meanwhile (team 2, since the last working day), the
  // mesurage of « acompte_attendu » in two days and the half-done one of this morning (Sophie)
  const { role } = await demoCommandes(trx)
  const stepDays = async (commandeId: number, etape: string) => {
    const s = await trx
      .from('commande_etapes')
      .where({ commande_id: commandeId, etape })
      .select('prevue_debut', 'prevue_fin')
      .first()
    if (!s?.prevue_debut) return null
    const d = DateTime.fromJSDate(new Date(s.prevue_debut)).setZone(TIME_ZONE).startOf('day')
    const f = s.prevue_fin
      ? DateTime.fromJSDate(new Date(s.prevue_fin)).setZone(TIME_ZONE).startOf('day')
      : d
    return { debut: d, fin: f < d ? d : f }
  }
  const markBusy = (ids: number[], debut: DateTime, fin: DateTime) => {
    for (let d = debut; d <= fin; d = d.plus({ days: 1 })) {
      for (const id of ids) busy.add(key(id, d))
    }
  }
  if (role.pose_planifiee) {
    const p = await stepDays(role.pose_planifiee, 'pose')
    if (p) {
      const ok = await plan(
        {
          type: 'tec',
          nature: 'pose',
          commandeId: role.pose_planifiee,
          debut: at(p.debut, '08:00'),
          fin: at(p.fin, '16:30'),
          personnes: equipes[0],
          notes: 'Camionnette 2 : prévoir l’échafaudage roulant et les bavettes alu.',
        },
        1,
        false
      )
      if (ok) markBusy(equipes[0], p.debut, p.fin)
    }
  }
  const enPose = await trx
    .from('commande_etapes as e')
    .join('commandes as k', 'k.id', 'e.commande_id')
    .where({ 'e.etape': 'pose', 'e.statut': 'en_cours', 'k.statut': 'en_cours' })
    .orderBy('k.id')
    .select('k.id')
    .first()
  if (enPose) {
    let veille = today.minus({ days: 1 })
    while (veille.weekday > 5) veille = veille.minus({ days: 1 })
    const ok = await plan(
      {
        type: 'tec',
        nature: 'pose',
        commandeId: enPose.id,
        debut: at(veille, '08:00'),
        fin: at(today, '16:30'),
        personnes: equipes[1],
        notes: 'Pose sur deux jours : ancien châssis à évacuer au conteneur.',
      },
      1,
      false
    )
    if (ok) markBusy(equipes[1], veille, today)
  }
  if (role.acompte_attendu) {
    const m = await stepDays(role.acompte_attendu, 'mesurage')
    if (m) {
      await plan(
        {
          type: 'tec',
          nature: 'mesurage',
          commandeId: role.acompte_attendu,
          debut: at(m.debut, '10:00'),
          fin: at(m.debut, '11:30'),
          personnes: [sophie],
        },
        1,
        false
      )
    }
  }
  if (role.retractation_mesure_en_cours) {
    await plan(
      {
        type: 'tec',
        nature: 'mesurage',
        commandeId: role.retractation_mesure_en_cours,
        debut: at(today, '08:00'),
        fin: at(today, '09:30'),
        personnes: [sophie],
        notes: 'Relevé commencé : terminer les fenêtres de l’étage.',
      },
      1,
      false
    )
  }

  let n = 0
  for (const [dayIndex, day] of days.entries()) {
    const past = isPast(day)
    // Commercial appointments: two or one a day each, alternating
    for (const [p, commercial] of [commercial1, commercial2].entries()) {
      const slots = (dayIndex + p) % 2 === 0 ? [0, 2] : [1, 3]
      if ((dayIndex + p) % 5 === 4) slots.pop()
      for (const s of slots) {
        n++
        const c = client(dayIndex * 3 + p * 7 + s)
        const [objet, notes] = RDV_OBJETS[(dayIndex + s + p) % RDV_OBJETS.length]
        await plan(
          {
            type: 'com',
            nature: 'rdv',
            debut: at(day, COM_SLOTS[s][0]),
            fin: at(day, COM_SLOTS[s][1]),
            personnes: [commercial.id],
            clientId: c.id,
            devisId: objet === 'Suivi de devis' ? (devisByClient.get(c.id) ?? null) : null,
            titre: `${objet} — ${c.nom}`,
            notes,
          },
          n,
          past
        )
      }
    }
    // SAV by the pose teams (when not on a pose), some of them from a request
    for (const [t, equipe] of equipes.entries()) {
      if (equipe.some((id) => busy.has(key(id, day)))) continue
      const slots = (dayIndex + t) % 2 === 0 ? [0, 2] : [1]
      for (const s of slots) {
        n++
        const c = client(dayIndex * 5 + t * 11 + s * 2 + 1)
        const [objet, notes] = SAV_OBJETS[(dayIndex + t + s) % SAV_OBJETS.length]
        const input: PlanificationInput = {
          type: 'tec',
          nature: 'sav',
          debut: at(day, TEC_SLOTS[s][0]),
          fin: at(day, TEC_SLOTS[s][1]),
          personnes: equipe,
          clientId: c.id,
          titre: `SAV ${objet.toLowerCase()} — ${c.nom}`,
          notes,
        }
        if (n % 3 === 0) {
          input.demandeId = await createDemande(
            actor,
            { type: 'tec', clientId: c.id, titre: input.titre!, notes, dureeMinutes: 120 },
            trx
          )
        }
        await plan(input, n, past)
      }
    }
    // Sophie: a SAV check on Tuesdays and Thursdays, and one this afternoon (« Ma journée »)
    if (day.weekday === 2 || day.weekday === 4 || +day === +today) {
      n++
      const c = client(dayIndex * 7 + 3)
      await plan(
        {
          type: 'tec',
          nature: 'sav',
          debut: at(day, '14:00'),
          fin: at(day, '15:00'),
          personnes: [sophie],
          clientId: c.id,
          titre: `Constat SAV — ${c.nom}`,
          notes: 'Photos et relevé du défaut pour le fournisseur.',
        },
        n,
        past
      )
    }
  }

  // Requests still waiting to be planned (the calendar's list and the map)
  const waiting: [PlanningType, number, string, string, number][] = [
    ['tec', 2, 'SAV — porte de garage sectionnelle bruyante', 'Grince à l’ouverture.', 90],
    ['tec', 13, 'SAV — remplacement vitrage feuilleté', 'Impact sur la baie du salon.', 120],
    ['tec', 27, 'SAV — réglage des fenêtres de l’étage', 'Trois fenêtres à régler.', 60],
    ['tec', 41, 'SAV — moustiquaire enroulable', 'Ressort cassé.', 45],
    ['com', 5, 'Demande de devis — châssis alu', 'Rappel demandé après 17 h.', 60],
    ['com', 18, 'Visite showroom puis chantier', 'Rénovation complète, budget à préciser.', 90],
    ['com', 33, 'Porte de garage isolée', 'Contact via le formulaire du site.', 60],
  ]
  for (const [type, c, titre, notes, duree] of waiting) {
    await createDemande(
      actor,
      {
        type,
        clientId: client(c).id,
        titre: `${titre} — ${client(c).nom}`,
        notes,
        dureeMinutes: duree,
      },
      trx
    )
  }
}
