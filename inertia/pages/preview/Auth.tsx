import { Head } from '@inertiajs/react'
export default function Auth() { return (<><Head title="Aperçu auth" /><h1>Aperçu</h1></>) }
