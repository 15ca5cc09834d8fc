import { Head } from '@inertiajs/react'
export default function Welcome() {
  return (<><Head title="Accueil" /><h1>ESI Back-office</h1></>)
}
