import { Head } from '@inertiajs/react'
export default function Dashboard(_: { societes: { id: number; nom: string; type: string; role: string }[] }) {
  return (<><Head title="Tableau de bord" /><h1>Tableau de bord</h1></>)
}
