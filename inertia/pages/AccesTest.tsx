import { Head } from '@inertiajs/react'
export default function AccesTest({ effectiveRole }: { effectiveRole: string; areas: { area: string; allowed: boolean }[] }) {
  return (<><Head title="Test d’accès" /><h1>Rôle effectif : {effectiveRole}</h1></>)
}
