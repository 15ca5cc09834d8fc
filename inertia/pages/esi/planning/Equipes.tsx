/*
 * esi/planning/Equipes (issue 13): the planning's settings — who appears in each planning (add
 * or remove a staff member, his colour, order, team, shown or not) and the travel time required
 * between two visits of one person (admin droit; read-only otherwise), and the requests waiting
 * to be planned (a SAV or a commercial visit asked for: created and cancelled here, planned from
 * the calendar's list or the map).
 * Its parts are in inertia/components/planning/equipes/.
 */
import { Head } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Demandes from '../../../components/planning/equipes/Demandes.js'
import Ressources from '../../../components/planning/equipes/Ressources.js'
import Trajet from '../../../components/planning/equipes/Trajet.js'
import { TYPES } from '../../../components/planning/equipes/types.js'
import { route } from '../../../lib/route.js'
import type { EquipesPageProps } from '@shared/planning_equipes'

export default function PlanningEquipes(props: EquipesPageProps) {
  const { ressources, staff, trajetMinutes, trajetMax, demandes, canManage, duree } = props
  return (
    <>
      <Head title="Équipes du planning" />
      <PageHeader
        title="Équipes du planning"
        subtitle="Qui apparaît dans chaque planning, le temps de trajet et les demandes à planifier"
        breadcrumb={[
          { label: 'Planning technique', href: route('esi.planning.tec') },
          { label: 'Équipes' },
        ]}
      />
      <div className="content">
        {!canManage && (
          <div className="alert alert-info" role="status">
            Lecture seule : modifier les équipes et le temps de trajet demande le droit
            administrateur.
          </div>
        )}
        <Trajet key={trajetMinutes} minutes={trajetMinutes} max={trajetMax} canManage={canManage} />
        {TYPES.map((t) => (
          <Ressources key={t} type={t} rows={ressources[t]} staff={staff} canManage={canManage} />
        ))}
        <Demandes demandes={demandes} duree={duree} />
      </div>
    </>
  )
}
