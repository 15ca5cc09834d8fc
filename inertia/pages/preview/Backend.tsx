import { Head } from '@inertiajs/react'
export default function Backend(_: { boxed: boolean }) { return (<><Head title="Aperçu backend" /><h1>Aperçu</h1></>) }
