import { Head } from '@inertiajs/react'
export default function UnderConstruction({ title }: { title: string; path: string; routeName: string | null }) {
  return (<><Head title={title} /><h1>{title}</h1><p>Page en construction</p></>)
}
